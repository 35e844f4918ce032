# fd: loss_s [0.3, 1.2, -0.8]
# tol: 1e-4
# Gradients through reshape (with -1), .T and transpose with axes: the
# cotangent is reshaped and transposed back.
import numpy as np
from myia import grad


def show(name, g):
    print(name, g.shape)
    for v in g.reshape(-1):
        print(" ", v)


def f(x):
    m = x.reshape(2, -1)
    return np.sum(m @ m.T * np.array([[1.0, 2.0], [3.0, 4.0]]))


def g(t):
    u = np.transpose(t, (2, 0, 1))
    return np.sum(u[0] * u[1]) + np.sum(t.T[1] ** 2)


def loss_s(a, b, c):
    x = np.array([a, b, c, a * b, b * c, c])
    return f(x) + g(x.reshape(1, 3, 2))


def main():
    x = np.array([1.0, 2.0, 3.0, -1.0, 0.5, 0.25])
    print(f(x))
    show("f", grad(f)(x))
    t = np.sin(np.arange(12).reshape(2, 3, 2) * 1.0)
    print(g(t))
    show("g", grad(g)(t))
    print(grad(loss_s, (0, 1, 2))(0.3, 1.2, -0.8))
