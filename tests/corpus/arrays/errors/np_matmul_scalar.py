# error: 7:12: matmul: input operand 0 does not have enough dimensions
"""np.matmul of a float and an array (np.dot multiplies: it is fine)."""
import numpy as np


def product(s, x):
    return np.matmul(s, x)


def main():
    print(np.dot(2.0, np.ones(3)))
    print(product(2.0, np.ones(3)))
