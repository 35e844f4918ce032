# fd: loss_s [0.5, -0.5, 1.5]
# tol: 1e-4
# Gradients with respect to arrays inside tuples (nested, mixed with
# floats and ints): the gradient has the structure of the argument, an
# int's gradient is 0.
import numpy as np
from myia import grad


def show(name, g):
    print(name, g.shape)
    for v in g.reshape(-1):
        print(" ", v)


def model(params, x):
    w, (b, scale), n = params
    y = np.tanh(w @ x + b) * scale
    return np.sum(y * y) * n


def loss_s(a, b, c):
    params = (np.array([[a, b], [b, c]]), (np.array([c, a]), b * c), 2)
    return model(params, np.array([1.0, -1.0]))


def main():
    params = (np.array([[0.5, -1.0], [0.25, 2.0]]), (np.array([0.1, -0.1]), 1.5), 2)
    x = np.array([1.0, 0.5])
    print(model(params, x))
    g = grad(model)(params, x)
    gw, (gb, gscale), gn = g
    show("w", gw)
    show("b", gb)
    print("scale", gscale)
    print("n", gn)
    gp, gx = grad(model, (0, 1))(params, x)
    show("x", gx)
    print(grad(loss_s, (0, 1, 2))(0.5, -0.5, 1.5))
