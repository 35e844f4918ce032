# min and max as function values: of one sequence, or of several numbers.


def ap(f, x):
    return f(x)


def ap2(f, x, y):
    return f(x, y)


def best(pick, xs):
    return pick(xs[0], xs[1], xs[2])


def main():
    print(ap(max, (1, 7, 3)), ap(min, [4, 2]), ap(max, [0.5, -1.5]))
    print(ap2(max, 1, 2), ap2(min, 3.5, 4.25))
    f = max
    print(f(1, 7, 3), f(2, 9), f((5, 6)), f(1, 2, 3, 4, 5, 6))
    g = min
    print(g(1.5, 7.0, 3.0, 0.0, -1.0, 8.0))
    print(best(min, (3, 1, 2)), best(max, (6, 4, 5)), best(max, [0.5, 2.5, 1.5]))
