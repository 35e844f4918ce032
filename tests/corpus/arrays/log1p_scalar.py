# fd: lp [0.5]
# np.log1p and np.expm1 of Python floats (numpy gives numpy floats,
# printed as floats) and of arrays, and their gradients.
import numpy as np
import math
from myia import grad


def lp(a):
    return np.log1p(a) * np.expm1(a * 0.5)


def main():
    x = 0.5
    print(np.log1p(x), np.expm1(x))
    print(np.log1p(1e-10), np.expm1(-1e-10))
    print(np.log1p(np.array([0.0, 1.0, 3.0])))
    print(math.log(1.0 + np.expm1(x)))
    print(grad(lp)(0.5))
