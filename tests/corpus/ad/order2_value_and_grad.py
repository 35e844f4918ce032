# tol: 1e-4
# fd: slope [0.4]
# value_and_grad of a gradient, and grad through value_and_grad.
import math
from myia import grad, value_and_grad


def f(x):
    return math.exp(x) * x


def slope(x):
    v, g = value_and_grad(f)(x)
    return v + g


def main():
    print(value_and_grad(grad(f))(0.4))
    print(grad(slope)(0.4))
