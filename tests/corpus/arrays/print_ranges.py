# fd: spread [0.25, 2.0]
# Printing floats of wide ranges in 2-d and inside tuples (repr), nan
# and inf, denormals, large ints, and arrays summarised with ...
import numpy as np


def spread(a, b):
    return np.sum(np.exp(np.array([a, b]) * 10.0)) * 1e-5


def main():
    x = np.arange(12).reshape(3, 4) * 0.1 - 0.5
    print(x)
    print(x * 1e5)
    print(x * 1e-5)
    print(x * 1e9)
    print(np.exp(x * 40))
    print(np.array([1e-300, 1e300]))
    print(np.array([np.nan, 1.5, -np.inf]))
    print(np.array([[np.nan, 1.0], [2.0, np.inf]]))
    print(np.array([0.0, 0.0]))
    print(np.array([1.0, 10.0, 100.0]))
    print(np.array([999.9999999, 1.0]))
    print(np.array([0.00012345, 1.0]))
    print(np.array([0.0001, 0.1]))
    print(np.array([1.0 / 3.0, 2.0 / 3.0]) * 1000)
    print(np.arange(5) / 4.0)
    print(np.arange(100) * 0.01)
    print(np.arange(40).reshape(2, 20))
    print(np.arange(60).reshape(2, 30) * 1.5)
    print(np.arange(24).reshape(2, 3, 4) > 11)
    print(np.array([-1.5, 2.0]), np.array([-1, 2]))
    print(np.array([123456789012, 1]))
    print(np.array([-9223372036854775807, 0]))
    print((np.ones((2, 2)), np.arange(4).reshape(2, 2)))
    print((np.zeros(0), np.zeros((0, 2)), np.zeros((2, 0, 3))))
    print((np.arange(0), np.array([True, False])))
    print((np.arange(12).reshape(3, 4) * 0.5,))
    print((np.arange(30) * 1.0,))
    print((np.array([1e-5, 1.0]), np.array([np.nan])))
    print(np.ones((2, 1, 3)))
    print(np.zeros((1, 0)))
    print(np.full((3,), -0.0))
    print(np.array([5e-324, 1.0]))
    print(np.array([1.5e10, -2.5e-10]))
    print(spread(0.25, 2.0))
