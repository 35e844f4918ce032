# fd: f [0.9]
# Unary minus and plus.
from myia import grad


def neg(x):
    return -x


def pos(x):
    return +x


def f(x):
    return -(-x * x) + (-x) ** 3 - +(x * 2.0)


def main():
    print(grad(neg)(2.0), grad(pos)(2.0))
    print(grad(lambda x: -x * -x)(1.5))
    for x in (-1.0, 0.9, 2.0):
        print(grad(f)(x))
