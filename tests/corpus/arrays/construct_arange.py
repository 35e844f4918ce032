# fd: ramp [0.5, 2.0]
# np.arange with one, two and three arguments: int arrays from ints,
# float arrays from floats, negative steps, empty ranges.
import numpy as np


def ramp(a, b):
    x = np.arange(4) * a + b
    return np.sum(x * x)


def main():
    print(np.arange(5))
    print(np.arange(2, 7))
    print(np.arange(1, 10, 3))
    print(np.arange(5, 0, -2))
    print(np.arange(-3, 3))
    print(np.arange(0.0, 1.0, 0.25))
    print(np.arange(3.0))
    print(np.arange(0, 0))
    print(len(np.arange(3, 8)), np.arange(3, 8).shape)
    print(np.arange(4) * 2 + 1)
    print(ramp(0.5, 2.0))
