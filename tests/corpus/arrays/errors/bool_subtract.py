# error: 7:12: numpy boolean subtract, the - operator, is not supported
"""x - y of bool arrays: numpy raises (x + y and x * y are or and and)."""
import numpy as np


def diff(b, c):
    return b - c


def main():
    print(diff(np.array([True, False]), np.array([True, True])))
