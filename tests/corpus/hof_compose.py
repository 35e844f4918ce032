"""Function composition and repeated application."""


def compose(f, g):
    return lambda x: f(g(x))


def twice(f):
    return compose(f, f)


def apply_n(f, n, x):
    for i in range(n):
        x = f(x)
    return x


def inc(x):
    return x + 1


def dbl(x):
    return x * 2


def main():
    print(compose(inc, dbl)(5), compose(dbl, inc)(5))
    print(twice(inc)(0), twice(twice(dbl))(1))
    print(apply_n(dbl, 10, 1), apply_n(inc, 0, 7))
    print(apply_n(lambda v: v * 0.5, 3, 1.0))
    h = compose(compose(inc, dbl), compose(dbl, inc))
    print(h(1))
