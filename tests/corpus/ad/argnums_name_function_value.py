# fd: scaled [1.5]
# grad(f, 'name') of a function value: the closure a function returns, a
# parameter whose callers pass defs and lambdas of the same parameters.
from myia import grad


def make(k):
    def inner(a, b=1.0):
        return a * b * k

    return inner


def deriv(f, x):
    return grad(f, 'b')(x, 3.0)


def scaled(x):
    return make(2.0)(x, b=x)


def main():
    print(grad(make(2.0), 'b')(1.5, 2.0))
    print(deriv(make(3.0), 2.0))
    print(deriv(lambda a, b: a * b * b, 2.0))
    print(grad(scaled)(1.5))
