# error: 8:12: axis 3 is out of bounds for array of dimension 2
"""np.stack of a (2, 3) array, the sequence of its two rows of length 3,
along axis 3: the result has two dimensions only."""
import numpy as np


def rows(m):
    return np.stack(m, axis=3)


def main():
    print(rows(np.ones((2, 3))))
