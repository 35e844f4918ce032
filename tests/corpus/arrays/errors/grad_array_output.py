# error: 12:11: scalar
"""grad of a function whose output is an array, not a scalar."""
import numpy as np
from myia import grad


def double(x):
    return x * 2.0


def main():
    print(grad(double)(np.ones(3)))
