# fd: f [3.7, 1.5]
# fd: g [5.3]
# // and % on floats: x // y is piecewise constant, x % y = x - y * (x // y).
from myia import grad


def fdiv(x, y):
    return x // y


def fmod(x, y):
    return x % y


def f(x, y):
    return x % y * x + (x // y) * y


def g(x):
    return (x * x) % 4.0 + x // 2.0


def main():
    print(grad(fdiv, (0, 1))(7.5, 2.0))
    print(grad(fmod, (0, 1))(7.5, 2.0))
    print(grad(fmod, (0, 1))(-7.5, 2.0))
    print(grad(fmod, (0, 1))(3.7, 1.5))
    print(grad(f, (0, 1))(3.7, 1.5))
    print(grad(g)(5.3))
