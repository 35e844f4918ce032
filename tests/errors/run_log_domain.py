# error: 8:12: math domain error
"""math.log of zero raises, as in CPython (no -inf)."""

import math


def safe_log(x):
    return math.log(x)


def main():
    print(safe_log(1.0))
    print(safe_log(0.0))
