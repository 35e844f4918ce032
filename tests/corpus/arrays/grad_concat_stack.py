# fd: loss_s [0.6, -0.4, 1.1]
# tol: 1e-4
# Gradients through np.concatenate and np.stack: the cotangent is split
# back into the pieces, along the axis they were joined on.
import numpy as np
from myia import grad


def show(name, g):
    print(name, g.shape)
    for v in g.reshape(-1):
        print(" ", v)


def cat(a, b):
    c = np.concatenate([a, b, a * b])
    return np.sum(c * np.arange(6))


def cat2(m, n):
    c = np.concatenate([m, n], axis=1)
    return np.sum(c @ c.T)


def stk(a, b):
    s = np.stack([a, b, a - b], axis=1)
    return np.sum(np.tanh(s) * np.array([1.0, 2.0, 3.0]))


def loss_s(x, y, z):
    a = np.array([x, y])
    b = np.array([z, x])
    return cat(a, b) + stk(a, b) + cat2(np.outer(a, b), a.reshape(2, 1))


def main():
    a = np.array([1.0, -0.5])
    b = np.array([2.0, 0.25])
    ga, gb = grad(cat, (0, 1))(a, b)
    show("cat a", ga)
    show("cat b", gb)
    m = np.array([[1.0, 2.0], [0.5, -1.0]])
    n = np.array([[3.0], [-2.0]])
    gm, gn = grad(cat2, (0, 1))(m, n)
    show("cat2 m", gm)
    show("cat2 n", gn)
    print(stk(a, b))
    ga, gb = grad(stk, (0, 1))(a, b)
    show("stk a", ga)
    show("stk b", gb)
    print(grad(loss_s, (0, 1, 2))(0.6, -0.4, 1.1))
