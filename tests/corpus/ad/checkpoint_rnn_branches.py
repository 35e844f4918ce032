# fd: loss2 [0.5, 0.3]
# An RNN whose checkpointed cell is called in both branches of an if
# inside a loop, differentiated w.r.t. the weights (reverse mode).
import numpy as np
from myia import grad, checkpoint


def cell(h, x, W):
    return np.tanh(W @ h + x)


def loss(W, h, xs):
    c = checkpoint(cell)
    for x in xs:
        if np.sum(x) > 0.0:
            h = c(h, x, W)
        else:
            h = c(h, -x, W)
    return np.sum(h * h)


def loss2(a, b):
    W = np.array([[a, -0.2], [0.1, b]])
    xs = (np.array([0.3, -0.1]), np.array([-0.2, -0.4]), np.array([0.5, 0.1]))
    return loss(W, np.array([0.1, 0.2]), xs)


def main():
    W = np.array([[0.5, -0.2], [0.1, 0.3]])
    xs = (np.array([0.3, -0.1]), np.array([-0.2, -0.4]), np.array([0.5, 0.1]))
    h = np.array([0.1, 0.2])
    print(loss(W, h, xs))
    print(grad(loss)(W, h, xs))
    print(grad(loss2, (0, 1))(0.5, 0.3))
