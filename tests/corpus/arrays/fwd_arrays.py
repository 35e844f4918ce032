# fd: tangent_loss [0.5]
# Forward mode over arrays: elementwise functions, broadcasting,
# reductions, matrix products, reshapes and joins, through a loop.
import numpy as np
from myia import jvp, jacfwd


def layer(w, x):
    return np.tanh(w @ x + 0.1)


def loss(s):
    w = np.array([[0.5, -0.2, 0.1], [0.3, 0.8, -0.5]]) * s
    x = np.array([1.0, 2.0, -1.0])
    h = layer(w, x)
    for i in range(3):
        h = np.maximum(h * 1.5, -0.3) + np.mean(h)
    return np.sum(h * h) + np.max(h) + np.prod(h)


def shapes(a):
    b = np.reshape(a, (3, 2))
    c = np.concatenate([b, b * 2.0], axis=0)
    d = np.transpose(c) @ c
    return np.sum(np.where(d > 1.0, np.exp(d * 0.1), d))


def tangent_loss(s):
    return jvp(loss, (s,), (1.0,))[1]


def main():
    print(jvp(loss, (0.5,), (1.0,))[1])
    a = np.array([[0.1, 0.2, 0.3], [0.4, 0.5, 0.6]])
    t = np.ones((2, 3))
    out, tan = jvp(shapes, (a,), (t,))
    print(out, tan)
    j = jacfwd(lambda v: np.sin(v) * np.sum(v))(np.array([0.2, 0.5, 0.9]))
    print(j.shape, np.sum(j), j[1, 2])
    out2, tan2 = jvp(lambda v: v @ v, (np.array([1.0, 2.0]),), (np.array([0.5, -1.0]),))
    print(out2, tan2)
    print(tangent_loss(0.5))
