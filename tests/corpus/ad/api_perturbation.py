# fd: f [2.0]
# fd: g [1.5]
# No perturbation confusion: d/dx [x * d/dy (x + y)] = 1, and
# d/dx [x * d/dy (x y)] = 2x.
from myia import grad


def f(x):
    return x * grad(lambda y: x + y)(1.0)


def g(x):
    return x * grad(lambda y: x * y)(2.0)


def main():
    print(f(2.0), grad(f)(2.0))
    print(g(1.5), grad(g)(1.5))
