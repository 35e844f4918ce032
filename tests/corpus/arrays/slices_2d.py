# fd: strided [0.5, -1.0, 2.0, 1.5]
# Slices of 2-d arrays with negative steps and bounds on both axes,
# bounds past the ends, empty slices, and computed bounds.
import numpy as np


def strided(a, b, c, d):
    m = np.array([[a, b, c], [d, a * b, c - d], [b * c, a + d, 1.0]])
    return np.sum(m[::-1, ::2] * m[:2, -2:][0, 0]) + np.sum(m[2:0:-1, 1] ** 2) + m[-1, -3]


def main():
    x = np.arange(20).reshape(4, 5)
    print(x[-1, -2], x[0, 4])
    print(x[1:3])
    print(x[::-1])
    print(x[::2, 1])
    print(x[:, 1:4])
    print(x[1:, ::2])
    print(x[-3:-1, -2])
    print(x[2, 1:])
    print(x[:, -1])
    print(x[5:])
    print(x[5:].shape, x[:, 10:].shape)
    print(x[-100:2])
    print(x[3:0:-1, 4:1:-2])
    v = np.arange(10)
    print(v[::-3], v[-2::-2], v[:-7:-1])
    print(v[9:100])
    n = 3
    print(v[n:n * 2], v[-n:])
    print(x[n][n], x[n - 4])
    y = x * 1.5
    print(y[1:3, 2])
    print(y[:, 0][1:])
    print(strided(0.5, -1.0, 2.0, 1.5))
