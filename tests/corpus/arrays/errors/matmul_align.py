# error: 9:12: do not align
"""A matrix product of a (3, 4) and a (5, 2) array: the inner dimensions
differ (4 and 5), which is known from the shapes alone."""
import numpy as np


def product(a, b):
    c = a + 1.0
    return c @ b


def main():
    print(product(np.ones((3, 4)), np.ones((5, 2))))
