# fd: loss_nested [0.4, 0.9]
# tol: 1e-4
# More of jac_tuple_arrays: nested tuples in and out, and jacfwd of
# jacfwd.
import numpy as np
from myia import jacfwd, jacrev


def prod(t):
    return t[0] * t[1]


def nested(t):
    a, (b, c) = t
    return (a * b, (np.sum(b) * c, b * c))


def loss_nested(p, q):
    j = jacrev(nested)((p, (np.array([p, q]), q)))
    return np.sum(j[0][0]) + np.sum(j[1][1][1][0]) * j[1][0][0]


def main():
    u = (np.array([1.0, 2.0]), 2.0)
    n = (1.5, (np.array([1.0, 2.0]), 3.0))
    print(jacfwd(nested)(n))
    print(jacrev(nested)(n))
    print(jacfwd(jacfwd(prod))(u))
    print(loss_nested(0.4, 0.9))
