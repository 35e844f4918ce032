# Where an int and a float meet, myia's value is a float (LANGUAGE.md,
# "Where myia differs from CPython"); join_int_float.cpython.out is what
# CPython prints.


def relu(x):
    return x if x > 0 else 0


def total(xs):
    s = 0
    for x in xs:
        s = s + x
    return s


def pick(c):
    if c:
        return 1
    return 2.5


def clipped(x, lo):
    if x < lo:
        x = lo
    return x


def count_down(n, step):
    while n > 0:
        n = n - step
    return n


def pair(c):
    return (0, "zero") if c else (0.5, "half")


def main():
    print(relu(-1.0), relu(2.0))
    print(max(3, 2.5), min(1, 2.0))
    print(total([]), total([1.5, 2.0]))
    print(pick(True), pick(False))
    print(clipped(0.5, 1), clipped(1.5, 1))
    print(count_down(3, 1.0), count_down(0, 0.5))
    print(pair(True), pair(False))
    xs = [1, 2.5, 3]
    print(xs)
    ys = [relu(-2.0), relu(3.0)]
    print(ys)
    loop_mixed()


def loop_mixed():
    for x in (1, 2.5, True):
        print(x)
    for y in (1, True):
        print(y)
    h = max
    print(h(1.5, 7, 3, 0, -1, 8))
