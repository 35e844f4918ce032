# fd: p1 [0.1, 0.2]
# Printing 1-d arrays as numpy does: widths aligned, trailing zeros
# dropped, a sign column when there are negative numbers.
import numpy as np


def p1(a, b):
    return np.sum(np.array([a, b, a + b]) ** 2)


def main():
    print(np.array([1, 22, 333]))
    print(np.array([-1, 2, -3]))
    print(np.array([0.5, 0.25, 0.125]))
    print(np.array([1.0, 2.0, 3.0]))
    print(np.array([1.5, -2.0, 30.25]))
    print(np.array([0.1, 0.2, 0.3]))
    print(np.array([1.0, 1.0 / 3.0, 2.0 / 3.0]))
    print(np.array([False, True]))
    print(np.array([100.0, 0.5]))
    print(np.array([-0.5]))
    print(np.array([7]))
    print(np.arange(12))
    print(np.zeros(0))
    print(p1(0.1, 0.2))
