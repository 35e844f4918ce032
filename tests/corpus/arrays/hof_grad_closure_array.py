# fd: outer_s [0.1, 0.2, 0.3]
# grad of a function received as a parameter, inside a differentiated
# function, when it is a closure capturing an array.
import numpy as np
from myia import grad


def deriv_at(fn, x):
    return grad(fn)(x)


def outer(w):
    return deriv_at(lambda z: np.sum(np.tanh(w * z)), 0.5) * np.sum(w)


def outer_s(a, b, c):
    return outer(np.array([a, b, c]))


def main():
    w = np.array([0.1, 0.2, 0.3])
    print(outer(w))
    print(grad(outer)(w))
    print(grad(outer_s, (0, 2))(0.1, 0.2, 0.3))
