# fd: f [1.4]
# fd: g [0.5, 2.0]
# Functions that return closures; the closures are called later, and the
# gradient flows back through what they captured.
from myia import grad


def make_adder(a):
    return lambda y: y + a


def make_poly(a, b):
    def p(y):
        return a * y * y + b * y
    return p


def f(x):
    add = make_adder(x * x)
    return add(x) * add(2.0)


def g(a, b):
    p = make_poly(a, b)
    q = make_poly(b, a)
    return p(1.5) + q(p(0.5))


def main():
    print(grad(f)(1.4))
    print(grad(g, (0, 1))(0.5, 2.0))
