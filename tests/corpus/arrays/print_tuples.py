# fd: tup [0.5, 1.5]
# An array inside a tuple prints with its repr: array([...]), with the
# continuation lines of a 2-d array indented under the first row.
import numpy as np


def pair(x):
    return (x, len(x))


def tup(a, b):
    t = (np.array([a, b]), np.array([b, a]))
    x, y = t
    return np.sum(x * y) + a


def main():
    print(pair(np.array([1, 2, 3])))
    print(pair(np.array([0.5, 1.5])))
    print((np.array([[1, 2], [3, 4]]), 5))
    print((np.array([[0.5, -1.0], [2.0, 3.0]]),))
    print((np.array([True, False]), np.array([-1.5])))
    print((1, (np.zeros(2), np.arange(2))))
    print(tup(0.5, 1.5))
