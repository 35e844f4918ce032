# error: 7:12: could not be broadcast
"""Adding arrays of shapes (3,) and (4,): no broadcasting makes them agree."""
import numpy as np


def shift(x, d):
    return x + d


def main():
    print(shift(np.zeros(3), np.ones(4)))
