# error: 7:12: axis 2 is out of bounds
"""Summing a 2-d array over axis 2."""
import numpy as np


def total(m):
    return np.sum(m, axis=2)


def main():
    print(total(np.ones((2, 3))))
