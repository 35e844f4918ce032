# error: 8:11: index 5 is out of bounds
"""Indexing an array of known length 3 at 5."""
import numpy as np


def main():
    x = np.array([1.0, 2.0, 3.0])
    print(x[5])
