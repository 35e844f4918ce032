# error: 9:11: a bool is not a valid index of an array
"""Indexing an array with a bool: numpy reads x[True] as a mask that adds
an axis (shape (1, 5)), not as x[1] as a tuple would; myia rejects it."""
import numpy as np


def main():
    x = np.arange(5)
    print(x[len(x) > 2])
