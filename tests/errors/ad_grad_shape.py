# error: 8:13: do not align
"""A shape error in a function grad differentiates is at the operation."""
import numpy as np
from myia import grad


def f(x, w):
    return (w @ x).sum()


def main():
    print(grad(f)(np.ones(3), np.ones((2, 4))))
