# error: 8:31: order='A' is not supported
"""x.reshape(..., order='A') reads in the order of x's memory layout,
which myia does not model: only 'C' and 'F' are supported."""
import numpy as np


def flat(x):
    return x.reshape(6, order='A')


def main():
    print(flat(np.arange(6).reshape(2, 3)))
