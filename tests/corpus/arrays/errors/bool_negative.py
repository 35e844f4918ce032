# error: 7:12: the numpy boolean negative, the - operator, is not supported
"""-x of a bool array: numpy raises (+x and abs(x) are bool arrays)."""
import numpy as np


def flip(b):
    return -b


def main():
    print(flip(np.array([True, False])))
