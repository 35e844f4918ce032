# fd: loss_s [0.7, -0.4, 1.5]
# tol: 1e-4
# Gradients through np.maximum (ReLU), np.minimum and np.where: they flow
# to the selected side only (no input is at a kink).
import numpy as np
from myia import grad


def show(name, g):
    print(name, g.shape)
    for v in g.reshape(-1):
        print(" ", v)


def relu_loss(x):
    return np.sum(np.maximum(x, 0.0) ** 2)


def leaky(x):
    return np.sum(np.where(x > 0.0, x, 0.1 * x) * x)


def pick(a, b):
    return np.sum(np.maximum(a, b) * 2.0 + np.minimum(a, b) * 3.0)


def loss_s(a, b, c):
    x = np.array([a, b, c, a - c])
    return relu_loss(x) + leaky(x) + pick(x, x[::-1])


def main():
    x = np.array([-1.5, -0.25, 0.5, 2.0])
    print(relu_loss(x), leaky(x))
    show("relu", grad(relu_loss)(x))
    show("leaky", grad(leaky)(x))
    y = np.array([1.0, -1.0, 0.0, 3.0])
    ga, gb = grad(pick, (0, 1))(x, y)
    show("pick a", ga)
    show("pick b", gb)
    print(grad(loss_s, (0, 1, 2))(0.7, -0.4, 1.5))
