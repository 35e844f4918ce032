# fd: loss_s [0.3, -0.6, 1.2]
# tol: 1e-4
# A bias broadcast over a batch: the gradient of a (3,) row bias, a (4, 1)
# column bias and a float added to a (4, 3) array sums over the broadcast
# axes, back to the bias's own shape.
import numpy as np
from myia import grad


def show(name, g):
    print(name, g.shape)
    for v in g.reshape(-1):
        print(" ", v)


def loss(row, col, s, x):
    y = x + row + col + s
    return np.sum(np.tanh(y) * x)


def loss_s(a, b, c):
    x = np.sin(np.arange(12).reshape(4, 3) * 1.0)
    return loss(np.array([a, b, c]), np.array([[a], [b], [c], [0.5]]), a * b, x)


def main():
    x = np.sin(np.arange(12).reshape(4, 3) * 1.0)
    row = np.array([0.1, -0.2, 0.3])
    col = np.array([[0.5], [0.0], [-0.5], [1.0]])
    print(loss(row, col, 0.25, x))
    gr, gc, gs = grad(loss, (0, 1, 2))(row, col, 0.25, x)
    show("d row", gr)
    show("d col", gc)
    print("d s", gs)
    print(grad(loss_s, (0, 1, 2))(0.3, -0.6, 1.2))
