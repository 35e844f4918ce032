# fd: f [1.5, 3]
# fd: g [2, 0.5]
# Gradients with respect to int arguments are int zeros.
from myia import grad


def f(x, n):
    return x ** n + x * n + n * n


def g(k, y):
    return k * y * y + k


def main():
    print(grad(f)(1.5, 3))
    print(grad(f, 1)(1.5, 3))
    print(grad(f, (0, 1))(1.5, 3))
    print(grad(g, (0, 1))(2, 0.5))
    print(grad(g, 0)(2, 0.5))
