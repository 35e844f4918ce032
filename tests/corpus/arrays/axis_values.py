# fd: reduced [0.5, -1.5, 2.0]
# The axis of a reduction given by a variable or a parameter: an int, a
# negative int, a tuple of ints or None, and gradients through them.
import numpy as np
from myia import grad


def reduce_sum(x, ax):
    return np.sum(x, axis=ax)


def reduced_x(x):
    ax = (0, 1)
    one = -1
    return np.sum(x, axis=ax) + np.sum(np.max(x, axis=one) ** 2) + np.mean(x, axis=None)


def reduced(a, b, c):
    return reduced_x(np.array([[a, b, c], [c * b, a, 1.0]]))


def main():
    x = np.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
    print(reduce_sum(x, (0, 1)))
    print(reduce_sum(x, 1))
    print(reduce_sum(x, -2))
    print(reduce_sum(x, None))
    none = None
    print(np.prod(x, axis=none), x.max(axis=(1,)), x.min((0,)))
    print(reduced_x(x))
    print(grad(reduced_x)(x))
