"""Curried functions and partial application by closures."""


def curry2(f):
    return lambda a: lambda b: f(a, b)


def partial(f, a):
    def g(b):
        return f(a, b)
    return g


def flip(f):
    return lambda a, b: f(b, a)


def power(b, e):
    return b ** e


def main():
    p = curry2(power)
    print(p(2)(10), p(3)(3))
    square = partial(flip(power), 2)
    print(square(9), square(1.5))
    print(flip(power)(2, 10), partial(power, 10)(3))
