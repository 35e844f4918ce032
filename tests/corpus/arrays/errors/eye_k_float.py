# error: 7:12: np.eye: the diagonal k must be an int, not float
"""np.eye's diagonal k is an int (numpy raises on a float)."""
import numpy as np


def band(n):
    return np.eye(n, k=0.5)


def main():
    print(band(3))
