# fd: mag [1.5]
# Printing floats of very different magnitudes: numpy switches to
# scientific notation when the largest is 1e8 or more or the ratio of the
# largest to the smallest nonzero is more than 1000.
import numpy as np


def mag(a):
    return np.sum(np.exp(np.array([a, 2.0 * a, 3.0 * a])))


def main():
    print(np.array([1e-5, 1.0]))
    print(np.array([1e10, 1.0]))
    print(np.array([123456.0, 0.5]))
    print(np.array([1e8]))
    print(np.array([99999999.0]))
    print(np.array([1e-3, 0.5]))
    print(np.array([1e-4, 0.05]))
    print(np.array([-1e-6, 2e-6]))
    print(np.array([0.0, 1e-9]))
    print(np.exp(np.arange(0.0, 25.0, 6.0)))
    print(np.array([1e300, -1e-300]))
    print(np.array([3.14159265358979, 2.718281828459045]))
    print(np.array([1234.5678, 0.001]))
    print(mag(1.5))
