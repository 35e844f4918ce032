# fd: p [-2.0]
# fd: q [2.0, 0.0]
# Edge cases of **: a float exponent on a negative base, an exponent of 0,
# a zero base, precedence of unary minus, division by an int.
from myia import grad


def p(x):
    return x ** 3.0 - x ** 2


def q(x, y):
    return x ** y


def main():
    print(grad(p)(-2.0))
    print(grad(lambda x: -x ** 2)(1.5))
    print(grad(q, (0, 1))(2.0, 0.0))
    print(grad(q, 0)(0.0, 2.0), grad(q, 0)(0.0, 3))
    print(grad(lambda x, n: x / n, (0, 1))(3.0, 4))
    print(grad(lambda x: x ** 2.0)(0.0))
