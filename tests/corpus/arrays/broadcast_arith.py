# fd: bc [0.7, -0.3]
# Broadcasting in + - * / between arrays and scalars, rows and columns,
# (2, 3) with (3,), (3, 1) with (1, 4), and a scalar on the left.
import numpy as np


def bc(a, b):
    row = np.array([a, b, 1.0])
    col = np.array([[a], [b]])
    return np.sum((row + col) * (row - col) / (2.0 + col * col))


def main():
    m = np.arange(6).reshape(2, 3) * 1.0
    row = np.array([1.0, 2.0, 4.0])
    col = np.array([[10.0], [20.0]])
    print(m + row)
    print(m - row)
    print(m * row)
    print(m / row)
    print(m + col)
    print(col - m)
    print(m * col)
    print(row / col)
    print(2.0 - row)
    print(1.0 / row)
    print(3 * m)
    print(np.arange(3).reshape(3, 1) * np.arange(4).reshape(1, 4))
    print(np.arange(3).reshape(3, 1) + np.arange(4))
    print((row + col).shape, (np.ones((2, 1, 3)) + np.ones((4, 1))).shape)
    print(bc(0.7, -0.3))
