# tol: 1e-4
# fd: gx [0.7, -0.4]
# fd: gy [0.7, -0.4]
# The Hessian of a function of two variables, row by row, from nested grads
# with tuple argnums.
import math
from myia import grad


def f(x, y):
    return math.exp(x * y) + x * x * x * y - math.sin(y) * x


def gx(x, y):
    return grad(f, (0, 1))(x, y)[0]


def gy(x, y):
    return grad(f, (0, 1))(x, y)[1]


def main():
    print(grad(gx, (0, 1))(0.7, -0.4))
    print(grad(gy, (0, 1))(0.7, -0.4))
