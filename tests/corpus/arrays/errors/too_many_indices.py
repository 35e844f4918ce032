# error: 7:12: too many indices
"""Two indices on a 1-d array."""
import numpy as np


def corner(x):
    return x[0, 1]


def main():
    print(corner(np.ones(4)))
