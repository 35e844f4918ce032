# fd: f [1.5, 2.0]
# fd: g [0.0, 2.0]
# The gradient of np.prod of a tuple (numpy makes the array), with zero
# factors: the product of the others, never 0/0.
import numpy as np
from myia import grad


def f(x, y):
    return np.prod((x, y, 0.0)) + np.prod((x, 0.0, y, 0.0)) + np.prod((x, y))


def g(x, y):
    return np.prod((x, y)) * 2.0 + np.sum((x, y, x))


def main():
    print(f(1.5, 2.0), grad(f, (0, 1))(1.5, 2.0))
    print(g(0.0, 2.0), grad(g, (0, 1))(0.0, 2.0))
