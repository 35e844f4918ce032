# fd: f [1.3]
# fd: g [0.8]
# ** with int exponents on a float base, including 0, 1 and negative ones.
from myia import grad


def p0(x):
    return x ** 0 + x


def p1(x):
    return x ** 1


def p2(x):
    return x ** 2


def p5(x):
    return x ** 5


def pneg(x):
    return x ** -2


def f(x):
    return x ** 3 - 2.0 * x ** 2 + x ** 4 / 4.0


def g(x):
    return (1.0 + x) ** 3 * (2.0 - x) ** -1


def main():
    for x in (-1.5, 0.8, 1.3, 2.5):
        print(grad(p0)(x), grad(p1)(x), grad(p2)(x), grad(p5)(x), grad(pneg)(x))
        print(grad(f)(x), grad(g)(x))
