# error: 7:5: too many values to unpack (expected 2)
"""Unpacking a 3-element array into two names: its shape tells."""
import numpy as np


def ends(x):
    a, b = x
    return a + b


def main():
    print(ends(np.ones(3)))
