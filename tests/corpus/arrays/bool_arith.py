# fd: masked [0.6, -0.3, 1.2]
# Arithmetic on bool arrays follows numpy's dtypes: + and * of two bools
# are bools (or, and), with a bool scalar too; with an int or a float they
# are ints or floats; / gives floats.
import numpy as np


def masked(a, b, c):
    x = np.array([a, b, c])
    both = (x > 0.0) * (x < 1.0)
    either = (x > 1.0) + (x < 0.0)
    return np.sum(np.where(both, x * x, 0.0)) + np.sum(np.where(either, x, 0.0) * 3.0)


def main():
    b = np.array([True, False, True, False])
    c = np.array([True, True, False, False])
    print(b + c, b * c)
    print(b + True, b * False, True * c)
    print(np.sum(b + c), np.sum(b * c), np.sum(b), np.mean(b + c))
    print(b + 1, b * 2.5, b / c, (b + c) * 2)
    m = np.array([[True, False], [False, False]])
    print(m + np.array([False, True]), m * np.array([[True], [False]]))
    print(np.where(b + c, 1.0, -1.0))
    print(masked(0.6, -0.3, 1.2), masked(0.2, 0.5, -2.0))
