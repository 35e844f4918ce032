# tol: 1e-4
# fd: g0 [[0.5, 1.5]]
# Second order with respect to a tuple argument: rows of the Hessian.
import math
from myia import grad


def f(t):
    a, b = t
    return a * a * b + math.sin(a * b)


def g0(t):
    return grad(f)(t)[0]


def g1(t):
    return grad(f)(t)[1]


def main():
    print(grad(g0)((0.5, 1.5)))
    print(grad(g1)((0.5, 1.5)))
