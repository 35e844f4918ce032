# error: 8:12: cube
"""A function the math module of the subset does not have."""

import math


def root3(x):
    return math.cube(x)


def main():
    print(root3(8.0))
