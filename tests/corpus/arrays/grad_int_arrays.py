# tol: 1e-6
# fd: scaled [2.0]
# Gradients with respect to int and bool arrays are zeros of the same
# dtype and shape (LANGUAGE.md: an int input's gradient is an int zero);
# a float array's beside them is the usual one.
import numpy as np
from myia import grad


def f(x, a, b):
    return (x * a).sum() * 1.0 + (x * b).sum()


def scaled(s):
    return (np.arange(6).reshape(2, 3) * s * s).sum()


def main():
    g = grad(f, argnums=(0, 1, 2))(np.ones(3), np.arange(3), np.array([True, False, True]))
    print(g)
    print(g[1] + 1, g[2], g[1].shape)
    print(grad(lambda m, s: (m * s).sum(), 1)(np.arange(6).reshape(2, 3), 2.0))
    print(grad(scaled)(2.0))
