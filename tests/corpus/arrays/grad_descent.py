# fd: loss_s [0.2, -0.3, 0.1]
# tol: 1e-4
# Gradient descent with value_and_grad on a least-squares fit: the
# parameters are an array updated in a loop; the loss falls.
import numpy as np
from myia import value_and_grad


def data():
    t = np.arange(8) * 0.25
    x = np.stack([np.ones(8), t, t * t], axis=1)
    y = np.sin(t) + 0.5
    return x, y


def lsq(w, x, y):
    r = x @ w - y
    return np.mean(r * r)


def loss_s(a, b, c):
    x, y = data()
    return lsq(np.array([a, b, c]), x, y)


def main():
    x, y = data()
    w = np.zeros(3)
    for step in range(12):
        v, g = value_and_grad(lsq)(w, x, y)
        w = w - 0.2 * g
        if step % 3 == 0:
            print(step, v)
    print(lsq(w, x, y))
    print(w[0], w[1], w[2])
