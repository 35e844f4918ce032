# fd: loss_fwd [0.4, 0.9]
# fd: loss_hess [0.4, 0.9]
# tol: 1e-4
# More of jac_tuple_arrays: a scalar input and a tuple output, a tuple
# of an array and a float as input, and the hessian of that.
import numpy as np
from myia import jacfwd, jacrev, hessian


def scaled(t):
    return np.sum(t[0] * t[0]) * t[1]


def mixed(x):
    return (np.sum(x * x), x * x[0])


def loss_fwd(p, q):
    j = jacfwd(mixed)(np.array([p, q, p * q]))
    return np.sum(j[1] * j[1]) + np.sum(j[0])


def loss_hess(p, q):
    h = hessian(scaled)((np.array([p, q]), p * q))
    return np.sum(h[0][0]) + np.sum(h[0][1] * h[1][0]) + h[1][1]


def main():
    x = np.array([1.0, 2.0])
    u = (np.array([1.0, 2.0]), 2.0)
    print(jacfwd(lambda s: (s * 2.0, np.ones(2) * s))(1.5))
    print(jacrev(lambda s: (s * 2.0, np.ones(2) * s))(1.5))
    print(jacfwd(scaled)(u))
    print(jacrev(scaled)(u))
    print(hessian(scaled)(u))
    print(jacfwd(mixed)(x))
    print(jacrev(mixed)(x))
    print(loss_fwd(0.4, 0.9), loss_hess(0.4, 0.9))
