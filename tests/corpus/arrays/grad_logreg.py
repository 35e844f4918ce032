# fd: loss_s [0.5, -0.25, 0.1]
# tol: 1e-4
# Logistic regression: the gradient of the mean log-loss with respect to
# the weights and the bias, and a few steps of gradient descent.
import numpy as np
from myia import grad, value_and_grad


def show(name, g):
    print(name, g.shape)
    for v in g.reshape(-1):
        print(" ", v)


def data():
    t = np.arange(6) * 1.0
    x = np.stack([np.sin(t), np.cos(t * 0.5)], axis=1)
    y = np.array([1.0, 1.0, 0.0, 0.0, 0.0, 1.0])
    return x, y


def logloss(w, b, x, y):
    p = 1.0 / (1.0 + np.exp(-(x @ w + b)))
    return -np.mean(y * np.log(p) + (1.0 - y) * np.log(1.0 - p))


def loss_s(w0, w1, b):
    x, y = data()
    return logloss(np.array([w0, w1]), b, x, y)


def main():
    x, y = data()
    w = np.array([0.5, -0.25])
    b = 0.1
    print(logloss(w, b, x, y))
    gw, gb = grad(logloss, (0, 1))(w, b, x, y)
    show("dw", gw)
    print("db", gb)
    for step in range(4):
        v, g = value_and_grad(logloss, (0, 1))(w, b, x, y)
        gw, gb = g
        w = w - 0.5 * gw
        b = b - 0.5 * gb
        print(step, v)
    print(w[0], w[1], b)
    print(grad(loss_s, (0, 1, 2))(0.5, -0.25, 0.1))
