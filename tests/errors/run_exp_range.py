# error: 8:12: math range error
"""math.exp overflowing raises, as in CPython (no inf)."""

import math


def grow(x):
    return math.exp(x)


def main():
    print(grow(0.0))
    print(grow(1000.0))
