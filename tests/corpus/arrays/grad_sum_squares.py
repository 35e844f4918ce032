# fd: loss_s [0.3, -0.2, 0.7]
# tol: 1e-4
# The gradient of the sum of squares of an array is 2x, of the same shape
# as x (1-d and 2-d); value_and_grad returns the value with it.
import numpy as np
from myia import grad, value_and_grad


def show(name, g):
    print(name, g.shape)
    for v in g.reshape(-1):
        print(" ", v)


def sumsq(x):
    return np.sum(x * x)


def sumpow(x):
    return np.sum(x ** 2) + x.sum()


def loss_s(a, b, c):
    x = np.array([a, b, c])
    return np.sum(np.tanh(x) ** 2) + sumsq(x)


def main():
    x = np.array([0.5, -1.0, 2.0])
    show("sumsq", grad(sumsq)(x))
    v, g = value_and_grad(sumpow)(x)
    print(v)
    show("sumpow", g)
    m = np.arange(6).reshape(2, 3) * 0.5 - 1.0
    show("sumsq 2-d", grad(sumsq)(m))
    print(grad(loss_s, (0, 1, 2))(0.3, -0.2, 0.7))
