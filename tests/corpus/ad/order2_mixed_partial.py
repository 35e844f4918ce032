# tol: 1e-4
# fd: dfdy [0.5, 1.5]
# Mixed partial derivatives d2f/dxdy by nested grads with argnums.
import math
from myia import grad


def f(x, y):
    return x * x * y * y * y + math.sin(x * y)


def dfdy(x, y):
    return grad(f, 1)(x, y)


def dfdx(x, y):
    return grad(f, 0)(x, y)


def main():
    x, y = 0.5, 1.5
    print(grad(dfdy, 0)(x, y), grad(dfdx, 1)(x, y))
    print(grad(dfdy, (0, 1))(x, y))
    print(6.0 * x * y * y + math.cos(x * y) - x * y * math.sin(x * y))
