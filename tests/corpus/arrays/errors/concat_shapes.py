# error: 9:12: concatenation axis must match
"""Concatenating a (2, 3) and a (2, 2) array along axis 0: the other
dimensions must agree."""
import numpy as np


def join(a, b):
    s = a * 2.0
    return np.concatenate([s, b])


def main():
    print(join(np.ones((2, 3)), np.zeros((2, 2))))
