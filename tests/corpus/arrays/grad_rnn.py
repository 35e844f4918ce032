# fd: loss_s [0.5, -0.3]
# tol: 1e-4
# A tiny recurrent network: a loop over the rows of an input sequence,
# h = tanh(W h + U x_t + b), and the gradient of a loss on the final state
# with respect to the recurrent weights, the input weights and the input.
import numpy as np
from myia import grad


def show(name, g):
    print(name, g.shape)
    for v in g.reshape(-1):
        print(" ", v)


def rnn_loss(w, u, b, xs):
    h = np.zeros(2)
    for x in xs:
        h = np.tanh(w @ h + u @ x + b)
    return np.sum(h * h) + h[0]


def sequence():
    return np.cos(np.arange(12).reshape(4, 3) * 0.8)


def loss_s(a, c):
    w = np.array([[a, 0.2], [-0.1, c]])
    u = np.array([[0.3, -0.2, 0.1], [0.5, 0.4, -0.3]])
    return rnn_loss(w, u, np.array([0.0, 0.1]), sequence())


def main():
    w = np.array([[0.5, -0.4], [0.3, 0.6]])
    u = np.sin(np.arange(6).reshape(2, 3) * 1.0)
    b = np.array([0.05, -0.05])
    xs = sequence()
    print(rnn_loss(w, u, b, xs))
    gw, gu, gx = grad(rnn_loss, (0, 1, 3))(w, u, b, xs)
    show("dW", gw)
    show("dU", gu)
    show("dxs", gx)
    print(grad(loss_s, (0, 1))(0.5, -0.3))
