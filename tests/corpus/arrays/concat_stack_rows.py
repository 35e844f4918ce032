# fd: rows [0.5, 1.5]
# np.concatenate and np.stack of an array, which numpy reads as the
# sequence of its rows (a[0], a[1]...), along every axis, negative ones,
# and as function values; and of a tuple or a list holding one 2-d array.
import numpy as np


def rows(x, y):
    a = np.array([[x, 2.0 * y, 1.0], [x * y, 3.0, y]])
    c = np.concatenate(a)
    s = np.stack(a, axis=1)
    t = np.concatenate((a,), axis=1) + np.stack([a])[0]
    return np.sum(c * np.arange(6)) + np.sum(s * s) + np.sum(t * a)


def main():
    a = np.arange(24).reshape(2, 3, 4)
    print(np.concatenate(a))
    print(np.concatenate(a, axis=1))
    print(np.concatenate(a, axis=-1))
    print(np.concatenate(a, axis=None))
    print(np.stack(a).shape, np.stack(a, axis=1).shape, np.stack(a, axis=2).shape, np.stack(a, axis=-1).shape)
    print(np.stack(a, axis=2)[1])
    print(np.stack(np.arange(3)), np.concatenate(np.arange(3), axis=None))
    m = np.array([[True, False], [False, False]])
    print(np.concatenate(m), np.stack(m, axis=-1))
    f = np.concatenate
    g = np.stack
    print(f(a[0]), g(a[1], 1))
    b = np.arange(6).reshape(2, 3) * 0.5
    print(np.concatenate((b,)), np.concatenate([b], axis=1))
    print(np.stack([b]), np.stack((b,), axis=2).shape)
    print(rows(0.5, 1.5))
