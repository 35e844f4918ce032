# fd: rmm [0.6, 1.7, -0.2]
# max, min and prod over all axes, one axis, a tuple of axes, with
# keepdims, as functions and methods, on ints and floats.
import numpy as np


def rmm(a, b, c):
    m = np.array([[a, b], [c, 2.0]])
    return np.sum(np.max(m, axis=0)) + np.min(m) + np.prod(m) + np.sum(np.prod(m, axis=1))


def main():
    m = np.array([[3, -1, 4], [1, 5, -9]])
    f = np.array([[0.5, 2.5], [-1.5, 1.0], [4.0, 0.25]])
    print(np.max(m), np.min(m), np.prod(m))
    print(np.max(f), np.min(f), np.prod(f))
    print(np.max(m, axis=0), np.max(m, axis=1))
    print(np.min(m, axis=0), np.min(m, axis=-1))
    print(np.prod(m, axis=0), np.prod(f, axis=1))
    print(np.max(f, axis=0, keepdims=True))
    print(np.min(f, axis=1, keepdims=True))
    print(np.prod(f, axis=(0, 1)))
    print(m.max(), m.min(), m.max(axis=1), f.min(axis=0), m.prod())
    t = np.arange(1, 13).reshape(2, 3, 2)
    print(np.max(t, axis=(0, 2)), np.min(t, axis=(1, 2)))
    print(np.prod(t, axis=(0, 1)))
    print(np.max(t, axis=2, keepdims=True))
    print(rmm(0.6, 1.7, -0.2))
