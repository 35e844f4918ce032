# tol: 1e-4
# fd: hvp [0.4, 0.9]
# A Hessian-vector product: vjp of a gradient.
import math
from myia import grad, vjp


def f(x, y):
    return math.exp(x) * y * y + x * y


def gradf(x, y):
    return grad(f, (0, 1))(x, y)


def hvp(x, y):
    out, pb = vjp(gradf, x, y)
    hx, hy = pb((1.0, 2.0))
    return hx + hy


def main():
    out, pb = vjp(gradf, 0.4, 0.9)
    print(out)
    print(pb((1.0, 0.0)))
    print(pb((0.0, 1.0)))
    print(pb((1.0, 2.0)))
