# fd: loss_prod [0.4, 0.9]
# tol: 1e-4
# jacfwd, jacrev and hessian where a tuple in the input or the output
# holds arrays, in JAX's layout: the Jacobian has the structure of the
# output, each leaf of which has the structure of the input, each block
# of shape out_leaf.shape + in_leaf.shape. (Split in three files,
# jac_tuple_arrays{,_more,_nested}, to keep each native entry small.)
import numpy as np
from myia import jacfwd, jacrev


def pair(x):
    return (x, x * 3.0)


def prod(t):
    return t[0] * t[1]


def stacked(t):
    return np.array([t[0] * t[1], t[0]])


def loss_prod(p, q):
    j = jacfwd(prod)((np.array([p, q]), np.array([q, p * q])))
    r = jacrev(stacked)((p, q))
    return np.sum(j[0] * j[1]) + np.sum(r[0] * r[1])


def main():
    x = np.array([1.0, 2.0])
    t = (np.array([1.0, 2.0]), np.array([3.0, 4.0]))
    print(jacfwd(pair)(x))
    print(jacrev(pair)(x))
    print(jacfwd(prod)(t))
    print(jacrev(prod)(t))
    print(jacfwd(stacked)((1.0, 2.0)))
    print(jacrev(stacked)((1.0, 2.0)))
    print(loss_prod(0.4, 0.9))
