# fd: loss_s [0.8, -1.3, 0.6]
# tol: 1e-4
# Gradients through np.outer and np.prod (over everything and over an
# axis), on values without zeros.
import numpy as np
from myia import grad


def show(name, g):
    print(name, g.shape)
    for v in g.reshape(-1):
        print(" ", v)


def outer_loss(u, v):
    o = np.outer(u, v)
    return np.sum(o * o) + np.sum(o * np.arange(6).reshape(3, 2))


def prod_loss(m):
    return np.prod(m) + np.sum(np.prod(m, axis=0)) + m.prod()


def loss_s(a, b, c):
    u = np.array([a, b, c])
    return outer_loss(u, np.array([c, a])) + prod_loss(np.array([[a, b], [c, 1.5]]))


def main():
    u = np.array([1.0, -2.0, 0.5])
    v = np.array([0.5, 3.0])
    print(outer_loss(u, v))
    gu, gv = grad(outer_loss, (0, 1))(u, v)
    show("outer u", gu)
    show("outer v", gv)
    m = np.array([[1.5, -0.5], [2.0, 0.75]])
    print(prod_loss(m))
    show("prod", grad(prod_loss)(m))
    print(grad(loss_s, (0, 1, 2))(0.8, -1.3, 0.6))
