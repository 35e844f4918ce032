# fd: lit [0.25, 4.0]
# np.array of list literals: ints, floats, an int/float mix (float),
# bools, nested lists (2-d), and lists built from variables.
import numpy as np


def lit(a, b):
    m = np.array([[a, b], [b, a]])
    return np.sum(m * m * m)


def main():
    a = np.array([1, 2, 3])
    b = np.array([1.0, 2.5, -3.0])
    c = np.array([1, 2.5])
    d = np.array([True, False, True])
    e = np.array([[1, 2, 3], [4, 5, 6]])
    print(a)
    print(b)
    print(c)
    print(d)
    print(e)
    print(a.shape, b.shape, e.shape, e.ndim, a.ndim)
    x = 0.5
    y = -2.0
    print(np.array([x, y, x * y]))
    print(np.array([[x, 0.0], [0.0, y]]))
    n = 7
    print(np.array([n, n + 1, n * 2]))
    print(lit(0.25, 4.0))
