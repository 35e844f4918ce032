# fd: f [1.7, 0.6]
# fd: h [0.9]
# ** with float exponents: x ** 2.5, x ** 0.5, a base raised to x, x ** y.
from myia import grad


def a(x):
    return x ** 2.5


def b(x):
    return x ** 0.5


def c(x):
    return x ** -1.5


def d(x):
    return 2.0 ** x


def f(x, y):
    return x ** y


def h(x):
    return (x * x + 1.0) ** 1.5 + 3.0 ** (x - 1.0)


def main():
    for x in (0.25, 0.9, 1.7, 3.0):
        print(grad(a)(x), grad(b)(x), grad(c)(x), grad(d)(x), grad(h)(x))
    print(grad(f, (0, 1))(1.7, 0.6))
    print(grad(f, (0, 1))(2.5, -1.25))
    print(grad(f, 1)(0.5, 3.0))
