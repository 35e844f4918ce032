# fd: loss_s [0.5, -1.2, 0.8, 2.0]
# tol: 1e-4
# Gradients through indexing and slicing: x[i], x[-1], x[a:b], x[::2],
# m[i, j], m[:, j], m[i] and a loop over the rows; the positions not read
# get zero.
import numpy as np
from myia import grad


def show(name, g):
    print(name, g.shape)
    for v in g.reshape(-1):
        print(" ", v)


def vec(x):
    return x[0] * x[-1] + np.sum(x[1:3] ** 2) + np.sum(x[::2]) * x[1]


def mat(m):
    s = m[1, 2] * m[0, 0] + np.sum(m[:, 1] ** 3) + np.sum(m[0] * m[1])
    for row in m:
        s = s + row[0] * row[1]
    return s


def loss_s(a, b, c, d):
    x = np.array([a, b, c, d, a * d])
    return vec(x) + mat(np.array([[a, b, c], [d, c, b]]))


def main():
    x = np.array([1.0, 2.0, -1.0, 0.5, 3.0])
    print(vec(x))
    show("vec", grad(vec)(x))
    m = np.array([[1.0, -2.0, 0.5, 4.0], [2.0, 1.5, -1.0, 0.0], [0.5, 0.5, 2.0, 1.0]])
    print(mat(m))
    show("mat", grad(mat)(m))
    print(grad(loss_s, (0, 1, 2, 3))(0.5, -1.2, 0.8, 2.0))
