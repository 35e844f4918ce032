# fd: f [1.2, 0.7]
# fd: mixed [2.5]
# + - * / on floats, and mixed with int constants.
from myia import grad


def add(x, y):
    return x + y


def sub(x, y):
    return x - y


def mul(x, y):
    return x * y


def div(x, y):
    return x / y


def f(x, y):
    return (x + y) * (x - y) / (x * y + 1.0)


def mixed(x):
    return 2 * x + x * 3 - 4 + x / 2 + 3 / x - (1 - x)


def main():
    print(grad(add, (0, 1))(1.5, -2.0))
    print(grad(sub, (0, 1))(1.5, -2.0))
    print(grad(mul, (0, 1))(1.5, -2.0))
    print(grad(div, (0, 1))(1.5, -2.0))
    print(grad(f, (0, 1))(1.2, 0.7))
    print(grad(mixed)(2.5))
