# fd: cs [0.4, 1.2]
# concatenate and stack of lists and tuples of arrays, along axis 0, 1
# and -1, 1-d and 2-d, with arrays of different lengths.
import numpy as np


def cs(a, b):
    u = np.array([a, b])
    v = np.array([b * b])
    w = np.concatenate([u, v, u])
    s = np.stack([u, u * 2.0], axis=1)
    return np.sum(w * np.arange(5)) + np.sum(s * s)


def main():
    a = np.array([1, 2, 3])
    b = np.array([4, 5])
    print(np.concatenate([a, b]))
    print(np.concatenate((b, a, b)))
    m = np.arange(4).reshape(2, 2)
    n = np.arange(10, 16).reshape(3, 2)
    print(np.concatenate([m, n]))
    print(np.concatenate([m, m * 10], axis=1))
    print(np.concatenate([m, n.T], axis=-1))
    print(np.stack([a, a * 2]))
    print(np.stack([a, a * 2], axis=1))
    print(np.stack((m, m + 4)).shape, np.stack((m, m + 4), axis=2).shape)
    print(np.stack([m, m + 4], axis=-1)[1])
    print(np.concatenate([np.zeros(2), np.ones(1)]))
    print(cs(0.4, 1.2))
