# error: 7:12: matmul: input operand 1 does not have enough dimensions
"""An array @ a float: numpy's matmul has no scalar operands."""
import numpy as np


def product(x, s):
    return x @ s


def main():
    print(product(np.ones(3), 2.0))
