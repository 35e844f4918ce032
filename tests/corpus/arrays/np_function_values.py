# fd: lossab [1.0, 2.0]
# numpy functions with optional parameters passed as values: called with
# or without those parameters, and differentiated through.
import numpy as np
from myia import grad


def apply(f, x):
    return f(x)


def apply2(f, x, a):
    return f(x, a)


def loss(w):
    return np.sum(apply2(np.sum, w * w, 0)) + np.sum(apply(np.transpose, w) ** 3)


def lossab(a, b):
    return loss(np.array([[a, b, 3.0], [4.0, a * b, 6.0]]))


def main():
    x = np.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
    print(apply(np.transpose, x).shape)
    print(apply2(np.transpose, x, (1, 0)))
    print(apply(np.sum, x), apply2(np.sum, x, 1), apply2(np.mean, x, (0,)))
    print(apply(np.concatenate, (x, x)).shape, apply2(np.stack, (x, x), 2).shape)
    print(np.sum(grad(loss)(x)), np.max(grad(loss)(x)))
