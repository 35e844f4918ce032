"""zip of two and three sequences; zip stops at the shortest."""


def dot(xs, ys):
    s = 0.0
    for x, y in zip(xs, ys):
        s += x * y
    return s


def main():
    print(dot((1.0, 2.0, 3.0), (4.0, 5.0, 6.0)))
    print(dot([0.5, 0.25], [2.0, 4.0]))
    for a, b in zip((1, 2, 3), (10, 20)):
        print(a, b)
    for a, b, c in zip((1, 2, 3), [4, 5, 6], (7, 8, 9)):
        print(a + b + c, a * b * c)
    n = 0
    for a, b in zip((1, 2), ()):
        n += 1
    print(n)
