# error: 6:12: default values of top-level functions must be constants or functions
"""A default of a top-level def that is computed: not a constant."""
import math


def f(x, y=math.sqrt(2.0)):
    return x + y


def main():
    print(f(1.0))
