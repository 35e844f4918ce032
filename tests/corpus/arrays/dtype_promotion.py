# fd: promote [1.25]
# numpy's dtype rules: int arrays with ints stay int, with floats become
# float; / is always float; // and % of ints are int; comparisons are bool;
# the sum of a bool array is an int.
import numpy as np


def promote(a):
    i = np.arange(3)
    return np.sum(i * a + i / 2 + a * a)


def main():
    i = np.arange(1, 5)
    f = np.array([0.5, 1.5, 2.5, 3.5])
    print(i + 1)
    print(i + 1.0)
    print(i * 2)
    print(i * 0.5)
    print(i + f)
    print(i / 2)
    print(i // 2)
    print(i % 3)
    print(i ** 2)
    print(f ** 2)
    print(i > 2)
    print(f < 2.0)
    print(i == 3)
    print(np.sum(i > 2), np.sum(i), np.sum(f))
    print(np.sum(i == i))
    print(np.mean(i))
    print(np.where(i > 2, i, 0))
    print(np.where(i > 2, f, 0))
    print(promote(1.25))
