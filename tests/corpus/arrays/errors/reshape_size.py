# error: 8:9: cannot reshape
"""Reshaping 6 elements into a (4, 2) array."""
import numpy as np


def main():
    x = np.arange(6)
    y = np.reshape(x, (4, 2))
    print(y)
