"""Nested defs capturing parameters and locals."""


def outer(a, b):
    c = a * b

    def inner(x):
        return a * x + c + b

    return inner(1) + inner(2)


def poly(x):
    k = 3

    def sq(y):
        return y * y

    def cube(y):
        return sq(y) * y

    return cube(x) + k * sq(x) + k


def main():
    print(outer(2, 3), outer(0, 5), outer(1.5, 2.0))
    print(poly(2), poly(-1), poly(0.5))
    base = 10

    def add_base(v):
        return v + base

    print(add_base(5), add_base(-10))
