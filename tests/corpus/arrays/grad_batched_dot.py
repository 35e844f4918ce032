# fd: loss_s [0.5, -0.3]
# tol: 1e-5
# Gradients of x @ W and x @ v with x a batch of matrices (3-d: batch,
# rows, features) and W a matrix or v a vector, as a transformer's
# projection is written: numpy contracts x's last axis.
import numpy as np
from myia import grad, jvp


def proj(x, W):
    return np.sum(np.tanh(x @ W) ** 2)


def score(x, v):
    return np.sum(np.sin(np.dot(x, v)))


def loss_s(a, b):
    x = np.sin(np.arange(24).reshape(2, 3, 4) * 0.3)
    W = np.cos(np.arange(8).reshape(4, 2)) * a
    v = np.array([0.5, -1.0, b, 2.0])
    return proj(x, W) + score(x * b, v)


def main():
    x = np.sin(np.arange(24).reshape(2, 3, 4) * 0.3)
    W = np.cos(np.arange(8).reshape(4, 2)) * 0.5
    v = np.array([0.5, -1.0, 0.25, 2.0])
    print(proj(x, W), score(x, v))
    gx, gW = grad(proj, (0, 1))(x, W)
    print(gx.shape, gW.shape)
    print(gx)
    print(gW)
    hx, hv = grad(score, (0, 1))(x, v)
    print(hx)
    print(hv)
    y, t = jvp(proj, (x, W), (np.ones((2, 3, 4)), np.zeros((4, 2))))
    print(y, t)
    print(loss_s(0.5, -0.3))
    print(grad(loss_s, (0, 1))(0.5, -0.3))
