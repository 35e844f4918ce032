# fd: rsm [0.2, 0.9, -0.4]
# sum and mean over all axes, one axis (0, 1, -1), a tuple of axes, with
# keepdims, as functions and as methods, on ints and floats.
import numpy as np


def rsm(a, b, c):
    m = np.array([[a, b, c], [c, a, b]])
    return np.sum(np.mean(m, axis=0) ** 2) + np.sum(m.sum(axis=1, keepdims=True) * m)


def main():
    m = np.arange(6).reshape(2, 3)
    f = m * 0.5
    print(np.sum(m), np.sum(f), np.mean(m), np.mean(f))
    print(np.sum(m, axis=0), np.sum(m, axis=1), np.sum(m, axis=-1))
    print(np.sum(m, axis=(0, 1)))
    print(np.sum(f, axis=0, keepdims=True))
    print(np.sum(f, axis=1, keepdims=True))
    print(np.sum(f, keepdims=True))
    print(np.mean(m, axis=0), np.mean(f, axis=1))
    print(np.mean(f, axis=1, keepdims=True))
    print(m.sum(), m.sum(axis=0), m.sum(0), f.mean(), f.mean(axis=1))
    t = np.arange(24).reshape(2, 3, 4)
    print(np.sum(t, axis=(0, 2)))
    print(np.sum(t, axis=(1, 2), keepdims=True))
    print(np.sum(t, axis=1))
    print(np.mean(t, axis=(0, 1)))
    print(np.sum(t, axis=(0, 2), keepdims=True).shape)
    print(rsm(0.2, 0.9, -0.4))
