# error: 7:12: align
"""np.dot of two vectors of different lengths (3 and 4)."""
import numpy as np


def inner(u, v):
    return np.dot(u, v)


def main():
    print(inner(np.arange(3) * 1.0, np.ones(4)))
