# fd: loss_s [0.5, -1.5, 0.25]
# tol: 1e-4
# Gradients of dot products: vector . vector, matrix @ vector, x.dot(y),
# with respect to both arguments at once.
import numpy as np
from myia import grad


def show(name, g):
    print(name, g.shape)
    for v in g.reshape(-1):
        print(" ", v)


def vdot(u, v):
    return u @ v


def quad(m, v):
    return v @ (m @ v)


def methdot(u, v):
    return u.dot(v) * np.dot(u, u)


def loss_s(a, b, c):
    u = np.array([a, b, c])
    m = np.outer(u, np.array([1.0, 0.5, -1.0]))
    return quad(m, u) + vdot(u, u * 2.0)


def main():
    u = np.array([1.0, 2.0, 3.0])
    v = np.array([0.5, -1.0, 0.25])
    gu, gv = grad(vdot, (0, 1))(u, v)
    show("vdot u", gu)
    show("vdot v", gv)
    m = np.array([[1.0, 0.5, 0.0], [0.0, 2.0, -1.0], [0.5, 0.0, 1.0]])
    print(quad(m, v))
    gm, gv2 = grad(quad, (0, 1))(m, v)
    show("quad m", gm)
    show("quad v", gv2)
    show("methdot u", grad(methdot)(u, v))
    print(grad(loss_s, (0, 1, 2))(0.5, -1.5, 0.25))
