# fd: sliced [0.5]
# Slices of lists that a loop grows (their length known at run time only),
# natively too: bounds and steps negative, past the ends, computed; and
# the gradient through them.
import numpy as np
from myia import grad


def sliced(a):
    xs = [np.ones(2) * a]
    for i in range(4):
        xs = xs + [xs[-1] * a]
    ys = xs[1::2] + xs[:2]
    return np.sum(np.stack(ys[::-1]) * np.arange(4).reshape(4, 1))


def main():
    xs = [1.0]
    ys = [np.zeros(2)]
    for i in range(5):
        xs = xs + [xs[-1] * 2.0]
        ys = ys + [np.ones(2) * i]
    print(xs[1:], xs[:-2], xs[::-1], xs[1:5:2], xs[10:], xs[-100:2])
    zs = ys[::2]
    print(len(zs), zs[-1], np.stack(ys[2:4]))
    k = len(xs)
    print(xs[k - 3:], xs[::k - 7], ys[k:])
    print(sliced(0.5), grad(sliced)(0.5))
