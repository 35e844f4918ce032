# fd: ls [0.5, -1.0, 2.0]
# fd: sc [0.7, -1.2]
# Arrays bound inside a loop and read after it, or bound on one branch
# only: their gradients flow to the iteration or branch that bound them.
import numpy as np
from myia import grad


def last_row(v):
    for r in range(3):
        out = v * r + np.sin(v)
    return np.sum(out * v)


def scaled(v, flag):
    if flag:
        w = v * 2.0
    if flag:
        return np.sum(w * w)
    return np.sum(v)


def ls(a, b, c):
    return last_row(np.array([a, b, c]))


def sc(a, b):
    v = np.array([a, b])
    return scaled(v, True) + scaled(v, False)


def main():
    a = np.array([0.5, -1.0, 2.0])
    for row in np.arange(6.0).reshape(3, 2):
        last = row * 2.0
    print(last)
    print(last_row(a))
    print(grad(last_row)(a))
    print(scaled(a, True), scaled(a, False))
    print(grad(scaled)(a, True))
