"""map and fold written by hand over lists."""


def lmap(f, xs):
    out = [f(xs[0])]
    for i in range(1, len(xs)):
        out = out + [f(xs[i])]
    return out


def fold(f, init, xs):
    acc = init
    for x in xs:
        acc = f(acc, x)
    return acc


def add(a, b):
    return a + b


def main():
    xs = [1, 2, 3, 4, 5]
    sq = lmap(lambda x: x * x, xs)
    print(sq)
    print(fold(add, 0, sq), fold(lambda a, b: a * b, 1, xs))
    print(fold(max, 0, [3, 9, 2]), fold(min, 100, [3, 9, 2]))
    halves = lmap(lambda x: x / 2, xs)
    print(halves, fold(add, 0.0, halves))
    print(fold(lambda a, b: a * 10 + b, 0, (1, 2, 3)))
