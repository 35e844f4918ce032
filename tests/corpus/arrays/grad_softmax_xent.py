# fd: loss_s [0.4, -0.3, 1.1, 0.2]
# tol: 1e-4
# Softmax cross-entropy written with np.max, np.exp, np.log and np.sum
# with keepdims, averaged over a batch; its gradient is softmax - onehot
# divided by the batch size.
import numpy as np
from myia import grad


def show(name, g):
    print(name, g.shape)
    for v in g.reshape(-1):
        print(" ", v)


def log_softmax(z):
    m = np.max(z, axis=1, keepdims=True)
    s = z - m
    return s - np.log(np.sum(np.exp(s), axis=1, keepdims=True))


def xent(z, y):
    return -np.mean(np.sum(y * log_softmax(z), axis=1))


def onehots():
    e = np.eye(4)
    return np.stack([e[2], e[0], e[3]])


def loss_s(a, b, c, d):
    z = np.array([[a, b, c, d], [d, c, b, a], [a * b, c, -d, 0.5]])
    return xent(z, onehots())


def main():
    z = np.cos(np.arange(12).reshape(3, 4) * 0.7) * 2.0
    y = onehots()
    print(xent(z, y))
    g = grad(xent)(z, y)
    show("dz", g)
    p = np.exp(log_softmax(z))
    print(np.sum(np.abs(g - (p - y) / 3.0)) < 1e-6)
    print(grad(loss_s, (0, 1, 2, 3))(0.4, -0.3, 1.1, 0.2))
