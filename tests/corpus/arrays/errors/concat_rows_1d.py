# error: 8:12: zero-dimensional arrays cannot be concatenated
"""np.concatenate of a 1-d array: numpy reads it as the sequence of its
elements, numbers, which cannot be concatenated."""
import numpy as np


def flat(v):
    return np.concatenate(v * 2.0)


def main():
    print(flat(np.ones(3)))
