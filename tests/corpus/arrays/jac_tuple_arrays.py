# fd: loss_fwd [0.4, 0.9]
# fd: loss_hess [0.4, 0.9]
# tol: 1e-4
# jacfwd, jacrev and hessian where a tuple in the input or the output
# holds arrays, in JAX's layout: the Jacobian has the structure of the
# output, each leaf of which has the structure of the input, each block
# of shape out_leaf.shape + in_leaf.shape.
import numpy as np
from myia import jacfwd, jacrev, hessian


def pair(x):
    return (x, x * 3.0)


def prod(t):
    return t[0] * t[1]


def stacked(t):
    return np.array([t[0] * t[1], t[0]])


def scaled(t):
    return np.sum(t[0] * t[0]) * t[1]


def mixed(x):
    return (np.sum(x * x), x * x[0])


def nested(t):
    a, (b, c) = t
    return (a * b, (np.sum(b) * c, b * c))


def loss_fwd(p, q):
    j = jacfwd(mixed)(np.array([p, q, p * q]))
    return np.sum(j[1] * j[1]) + np.sum(j[0])


def loss_hess(p, q):
    h = hessian(scaled)((np.array([p, q]), p * q))
    return np.sum(h[0][0]) + np.sum(h[0][1] * h[1][0]) + h[1][1]


def main():
    x = np.array([1.0, 2.0])
    t = (np.array([1.0, 2.0]), np.array([3.0, 4.0]))
    u = (np.array([1.0, 2.0]), 2.0)
    print(jacfwd(pair)(x))
    print(jacrev(pair)(x))
    print(jacfwd(prod)(t))
    print(jacrev(prod)(t))
    print(jacfwd(stacked)((1.0, 2.0)))
    print(jacrev(stacked)((1.0, 2.0)))
    print(jacfwd(lambda s: (s * 2.0, np.ones(2) * s))(1.5))
    print(jacrev(lambda s: (s * 2.0, np.ones(2) * s))(1.5))
    print(jacfwd(scaled)(u))
    print(jacrev(scaled)(u))
    print(hessian(scaled)(u))
    print(jacfwd(mixed)(x))
    print(jacrev(mixed)(x))
    n = (1.5, (np.array([1.0, 2.0]), 3.0))
    print(jacfwd(nested)(n))
    print(jacrev(nested)(n))
    print(jacfwd(jacfwd(prod))(u))
    print(loss_fwd(0.4, 0.9), loss_hess(0.4, 0.9))
