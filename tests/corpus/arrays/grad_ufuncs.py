# fd: loss_s [0.3, 1.2]
# tol: 1e-4
# Gradients of the elementwise functions: exp log sqrt sin cos tanh abs
# log1p expm1 and ** with an array exponent, on positive inputs away from
# abs's kink.
import numpy as np
from myia import grad


def show(name, g):
    print(name, g.shape)
    for v in g.reshape(-1):
        print(" ", v)


def all_funcs(x):
    y = np.exp(x) + np.log(x) + np.sqrt(x) + np.sin(x) + np.cos(x) + np.tanh(x)
    z = np.abs(x - 1.0) + np.log1p(x) + np.expm1(x) + x ** np.array([1.0, 2.0, 3.0]) + 1.0 / x
    return np.sum(y * z)


def loss_s(a, b):
    return all_funcs(np.array([a, b, a * b]))


def main():
    x = np.array([0.5, 1.5, 2.5])
    print(all_funcs(x))
    show("d", grad(all_funcs)(x))
    for fn in (np.exp, np.log, np.sqrt, np.sin, np.cos, np.tanh, np.abs, np.log1p, np.expm1):
        print(grad(lambda v: np.sum(fn(v)))(np.array([0.7]))[0])
    print(grad(loss_s, (0, 1))(0.3, 1.2))
