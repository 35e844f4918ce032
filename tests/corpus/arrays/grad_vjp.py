# fd: loss_s [0.3, -0.7]
# tol: 1e-4
# vjp of array-valued functions: the pullback takes an array cotangent of
# the output's shape and returns a tuple with one cotangent per input.
import numpy as np
from myia import vjp


def show(name, g):
    print(name, g.shape)
    for v in g.reshape(-1):
        print(" ", v)


def layer(w, x):
    return np.tanh(w @ x)


def loss_s(a, b):
    w = np.array([[a, b], [b, 1.0], [0.5, a]])
    out, pb = vjp(layer, w, np.array([1.0, 2.0]))
    gw, gx = pb(np.array([1.0, -1.0, 0.5]))
    return np.sum(out) + np.sum(gx * gx)


def main():
    w = np.array([[0.5, -1.0], [1.5, 0.25], [-0.5, 0.75]])
    x = np.array([0.2, -0.4])
    out, pb = vjp(layer, w, x)
    print(out)
    gw, gx = pb(np.array([1.0, 0.0, -2.0]))
    show("w", gw)
    show("x", gx)
    out2, pb2 = vjp(lambda v: v * v, np.array([1.0, 2.0, 3.0]))
    print(out2)
    show("square", pb2(np.ones(3))[0])
    print(loss_s(0.3, -0.7))
