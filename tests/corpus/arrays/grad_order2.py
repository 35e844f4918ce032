# fd: loss_s [0.7]
# fd: slope [0.4, 1.1]
# tol: 1e-4
# Second derivatives through arrays: grad of grad of a scalar function
# that builds arrays, and grad of a function that itself takes the
# gradient with respect to an array (a gradient-norm penalty).
import numpy as np
from myia import grad


def f(s):
    x = np.array([0.5, 1.0, 1.5])
    return np.sum(np.sin(s * x) * x)


def loss_s(s):
    return grad(f)(s) * s


def penalty(w):
    return np.sum(np.tanh(w) ** 2)


def slope(a, b):
    w = np.array([a, b, a * b])
    gw = grad(penalty)(w)
    return np.sum(gw * gw) + a


def main():
    print(f(0.7))
    print(grad(f)(0.7))
    print(grad(grad(f))(0.7))
    print(loss_s(0.7), grad(loss_s)(0.7))
    print(slope(0.4, 1.1))
    print(grad(slope, (0, 1))(0.4, 1.1))
