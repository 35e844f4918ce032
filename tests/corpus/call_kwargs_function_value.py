"""Keyword arguments in calls of function values: a parameter, the closure
a function returns, a variable, the elements of a list and of a loop, a
value that may be one of two defs whose parameters agree, with defaults
skipped (a literal) or left to the callee."""


def g(x, y=0.0, z=1.0):
    return x * 10.0 + y * z


def h(x, y=0.0, z=-1.0):
    return x - y * z


def apply(f, x):
    return f(x, z=3.0, y=1.0)


def apply_one(f, x):
    return f(x, y=1.0)


def pick(c):
    return g if c else h


def make(k):
    def inner(a, b=1.0, scale=2.0):
        return (a + b) * scale * k

    return inner


def main():
    print(apply(g, 2.0), apply(h, 2.0))
    print(apply_one(g, 2.0))
    print(apply_one(lambda x, y: x * y, 3.0))
    print(pick(True)(1.0, y=2.0), pick(False)(1.0, z=2.0))
    print(make(2.0)(1.0, scale=3.0))
    print(make(2.0)(1.0, b=0.5))
    k = make(0.5)
    print(k(b=4.0, a=1.0))
    print(k(scale=1.0, a=2.0))
    fs = [lambda x, y=1: x + y, lambda x, y=2: x * y]
    for f in fs:
        print(f(3, y=5), f(x=2))
    print(fs[1](y=2, x=4))
    ps = (g, h)
    print(ps[0](1.0, z=5.0), ps[1](z=0.5, x=1.0))
