# fd: loss_s [0.2, 1.7, -0.9, 0.4]
# tol: 1e-4
# Gradients of np.max and np.min (over everything, over an axis, as
# methods): they go to the extreme element, which is unique here.
import numpy as np
from myia import grad


def show(name, g):
    print(name, g.shape)
    for v in g.reshape(-1):
        print(" ", v)


def extremes(m):
    return np.max(m) * 2.0 - np.min(m) + np.sum(np.max(m, axis=0)) + np.sum(m.min(axis=1) ** 2)


def lse(z):
    m = np.max(z)
    return np.log(np.sum(np.exp(z - m))) + m


def loss_s(a, b, c, d):
    m = np.array([[a, b], [c, d], [a + d, b - c]])
    return extremes(m) + lse(m[:, 0])


def main():
    m = np.array([[1.0, -2.0, 0.5], [3.0, 0.25, -1.0]])
    print(extremes(m))
    show("extremes", grad(extremes)(m))
    z = np.array([0.5, 2.0, -1.0])
    print(lse(z))
    show("lse", grad(lse)(z))
    print(grad(loss_s, (0, 1, 2, 3))(0.2, 1.7, -0.9, 0.4))
