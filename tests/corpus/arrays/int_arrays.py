# fd: ia [1.5]
# Integer arrays: arithmetic stays int, // and % follow Python's signs,
# true division and mixing with floats give floats, reductions of ints.
import numpy as np


def ia(a):
    i = np.arange(1, 4)
    return np.sum(i * a) / np.prod(i) + np.sum(i // 2) * a


def main():
    i = np.arange(-4, 5)
    print(i)
    print(i * 3 - 1)
    print(i // 3, i % 3)
    print(i // -3, i % -3)
    print(i ** 2, np.abs(i))
    print(np.sum(i ** 2), np.prod(np.arange(1, 6)), np.max(i), np.min(i))
    print(i / 4)
    print(i * 0.5 + 1)
    m = np.arange(1, 7).reshape(2, 3)
    print(m @ m.T)
    print(np.sum(m, axis=0) * 2, np.mean(m, axis=0))
    print(ia(1.5))
