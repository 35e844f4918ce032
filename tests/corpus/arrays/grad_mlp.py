# fd: loss_s [0.3, -0.1, 0.2]
# tol: 1e-4
# A 2-layer MLP (tanh hidden layer, softmax cross-entropy) on a batch of 4:
# gradients with respect to a tuple of parameters, of the same structure.
import numpy as np
from myia import grad


def show(name, g):
    print(name, g.shape)
    for v in g.reshape(-1):
        print(" ", v)


def init():
    w1 = np.sin(np.arange(12).reshape(3, 4) * 1.3) * 0.5
    b1 = np.zeros(4)
    w2 = np.cos(np.arange(8).reshape(4, 2) * 0.9) * 0.5
    b2 = np.array([0.1, -0.1])
    return (w1, b1, w2, b2)


def batch():
    x = np.sin(np.arange(12).reshape(4, 3) * 0.4)
    y = np.array([[1.0, 0.0], [0.0, 1.0], [0.0, 1.0], [1.0, 0.0]])
    return x, y


def mlp_loss(params, x, y):
    w1, b1, w2, b2 = params
    h = np.tanh(x @ w1 + b1)
    z = h @ w2 + b2
    m = np.max(z, axis=1, keepdims=True)
    lse = np.log(np.sum(np.exp(z - m), axis=1, keepdims=True)) + m
    return -np.mean(np.sum(y * (z - lse), axis=1))


def loss_s(a, b, c):
    w1, b1, w2, b2 = init()
    x, y = batch()
    return mlp_loss((w1 * a, b1 + b, w2, b2 * c), x, y)


def main():
    params = init()
    x, y = batch()
    print(mlp_loss(params, x, y))
    g = grad(mlp_loss)(params, x, y)
    print(len(g))
    show("dw1", g[0])
    show("db1", g[1])
    show("dw2", g[2])
    show("db2", g[3])
    print(grad(loss_s, (0, 1, 2))(0.3, -0.1, 0.2))
