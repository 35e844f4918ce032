# fd: sa [1.5, 0.5]
# x.shape, x.ndim, x.T and len(x) as values: shape tuples indexed,
# compared and passed to zeros, ones and reshape.
import numpy as np


def sa(a, b):
    x = np.array([[a, b, a], [b, a, b]])
    n, m = x.shape
    return np.sum(x.reshape(m, n) * np.ones(x.T.shape)) * n + a * m


def main():
    x = np.arange(12).reshape(3, 4)
    print(x.shape, x.ndim, len(x))
    n, m = x.shape
    print(n, m, n * m)
    print(x.shape[0], x.shape[-1])
    print(np.zeros(x.shape).shape, np.ones(x.T.shape))
    print(x.reshape(x.shape[1], x.shape[0]).shape)
    print(x.T.shape, x.T.ndim)
    v = np.arange(5)
    print(v.shape, v.ndim, len(v), v.shape == (5,))
    t = np.zeros((2, 3, 4))
    print(t.shape, t.ndim, t[0].shape, t[0, 1].shape, t[:, 0].shape)
    print(x.shape == (3, 4), x.shape == (4, 3))
    print(sa(1.5, 0.5))
