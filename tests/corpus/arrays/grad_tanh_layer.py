# fd: loss_s [0.3, -0.4, 0.8]
# tol: 1e-4
# A tanh layer y = tanh(W x + b) and the gradient of a squared loss with
# respect to the weight matrix, the bias and the input.
import numpy as np
from myia import grad


def show(name, g):
    print(name, g.shape)
    for v in g.reshape(-1):
        print(" ", v)


def layer(w, b, x):
    return np.tanh(w @ x + b)


def loss(w, b, x, target):
    y = layer(w, b, x)
    return np.sum((y - target) ** 2)


def loss_s(a, b, c):
    w = np.array([[a, b], [c, 0.5], [b, a]])
    x = np.array([1.0, -2.0])
    return loss(w, np.array([0.1, 0.2, c]), x, np.array([0.5, 0.0, -0.5]))


def main():
    w = np.sin(np.arange(6).reshape(3, 2) * 1.0)
    b = np.array([0.1, -0.2, 0.3])
    x = np.array([0.5, -1.0])
    t = np.array([0.2, 0.4, -0.6])
    print(layer(w, b, x))
    print(loss(w, b, x, t))
    gw, gb, gx = grad(loss, (0, 1, 2))(w, b, x, t)
    show("dW", gw)
    show("db", gb)
    show("dx", gx)
    print(grad(loss_s, (0, 1, 2))(0.3, -0.4, 0.8))
