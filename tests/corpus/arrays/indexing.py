# fd: ix [0.5, 1.5, -2.5]
# Indexing and slicing: x[i], x[-1], x[i, j], x[i][j], x[:, j], x[a:b],
# x[a:], x[:b], x[a:b:s], x[::-1], rows of a 2-d array, with variables.
import numpy as np


def ix(a, b, c):
    x = np.array([a, b, c, a + b])
    m = x.reshape(2, 2)
    return x[0] * x[-1] + np.sum(x[1:3]) + m[1, 0] * m[0, 1] + np.sum(m[:, 1] ** 2) + np.sum(x[::2])


def main():
    x = np.arange(10) * 10
    print(x[0], x[3], x[-1], x[-3])
    print(x[2:5])
    print(x[7:])
    print(x[:3])
    print(x[1:8:3])
    print(x[::4])
    print(x[::-1])
    print(x[8:2:-2])
    m = np.arange(12).reshape(3, 4)
    print(m[1])
    print(m[1, 2], m[-1, -1], m[2][0])
    print(m[:, 1])
    print(m[:, -1])
    print(m[1:])
    print(m[0:3:2])
    i = 2
    j = 1
    print(m[i, j], m[i - 1], x[i:i + 3])
    f = np.array([0.5, 1.5, 2.5])
    print(f[1], f[1:])
    b = x > 40
    print(b[5], b[:6])
    print(ix(0.5, 1.5, -2.5))
