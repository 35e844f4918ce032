# fd: loss_s [0.7, -0.4]
# Reductions of a list of arrays built by a loop, and of a tuple of
# arrays: numpy reduces the array it makes of them (np.mean(xs, axis=0)
# averages the arrays); their gradients are lists and tuples of arrays.
# The native backends stack them, then reduce.
import numpy as np
from myia import grad


def collect(x, n):
    xs = []
    for i in range(n):
        xs = xs + [x * (i + 1) - 1.0]
    return xs


def loss(w):
    xs = collect(w, 3)
    t = (w, w * w)
    return (np.sum(np.mean(xs, axis=0) ** 2) + np.max(xs) + np.sum(np.min(xs, axis=1))
            + np.sum(xs) * 0.1 + np.sum(np.sum(t, axis=0) * w))


def loss_s(a, b):
    return loss(np.array([a, b]))


def main():
    x = np.array([0.7, -0.4])
    xs = collect(x, 3)
    print(np.sum(xs), np.mean(xs, axis=0), np.max(xs, axis=1))
    print(np.min(xs), np.sum(xs, axis=(0, 1), keepdims=True))
    print(np.mean((x, x * 2.0), axis=1), np.max((x, -x)))
    print(np.prod(collect(np.arange(3), 2), axis=0))
    print(loss(x))
    print(grad(loss)(x))
    print(grad(loss_s, (0, 1))(0.7, -0.4))
