# fd: loss_s [0.4, 0.9, -0.7, 1.3]
# tol: 1e-4
# Gradients through reductions over one axis, over a tuple of axes, with
# and without keepdims, on 2-d and 3-d arrays.
import numpy as np
from myia import grad


def show(name, g):
    print(name, g.shape)
    for v in g.reshape(-1):
        print(" ", v)


def cols(m):
    return np.sum(np.sum(m, axis=0) ** 2)


def rows_keep(m):
    s = np.sum(m, axis=1, keepdims=True)
    return np.sum(m * s)


def cube(t):
    a = np.sum(t, axis=(0, 2))
    b = np.mean(t, axis=(1, 2), keepdims=True)
    return np.sum(a * a) + np.sum(t * b) + np.sum(np.prod(t, axis=1))


def loss_s(a, b, c, d):
    m = np.array([[a, b], [c, d], [a, d]])
    t = np.stack([m, m * m])
    return cols(m) + rows_keep(m) + cube(t)


def main():
    m = np.array([[1.0, 2.0, -1.0], [0.5, -0.5, 3.0]])
    show("cols", grad(cols)(m))
    show("rows_keep", grad(rows_keep)(m))
    t = np.cos(np.arange(12).reshape(2, 3, 2) * 1.0) + 1.5
    print(cube(t))
    show("cube", grad(cube)(t))
    print(grad(loss_s, (0, 1, 2, 3))(0.4, 0.9, -0.7, 1.3))
