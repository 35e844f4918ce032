# error: 8:12: math domain error
"""math.sqrt of a negative number raises, as in CPython (no nan)."""

import math


def root(x):
    return math.sqrt(x)


def main():
    print(root(4.0))
    print(root(-1.0))
