# tol: 1e-3
# fd: fxy [0.8, 0.3]
# A third-order mixed partial: d3f / dx dx dy.
import math
from myia import grad


def f(x, y):
    return x * x * x * y * y + math.exp(x * y)


def fy(x, y):
    return grad(f, 1)(x, y)


def fxy(x, y):
    return grad(fy, 0)(x, y)


def main():
    x, y = 0.8, 0.3
    print(grad(fxy, 0)(x, y))
    print(12.0 * x * y + (2.0 * y + x * y * y) * math.exp(x * y))
