# fd: weighted_at [1.5]
# Matrix products of bool arrays are bools, as numpy computes them: the
# or of the ands along the contracted axis (reachability in a graph);
# with a bool scalar, the and; with an int operand, ints.
import numpy as np
from myia import grad


def reach(adj, steps):
    r = adj
    for i in range(steps):
        r = r + r @ adj
    return r


def weighted(x, m):
    return np.sum((m @ m) * x) + np.sum((m[0] @ m) * x)


def weighted_at(s):
    m = np.array([[True, False], [True, True]])
    return weighted(np.array([[s, 2.0], [3.0, s * s]]), m)


def main():
    a = np.array([True, False, True])
    b = np.array([True, True, False])
    print(a @ b, np.dot(a, b), a.dot(a))
    adj = np.array([[False, True, False], [False, False, True], [False, False, False]])
    print(adj @ adj)
    print(np.matmul(adj, a))
    print(reach(adj, 2))
    print(np.dot(True, a), np.dot(a, 2), adj @ np.arange(3))
    m = np.array([[True, False], [True, True]])
    x = np.array([[1.0, 2.0], [3.0, 4.0]])
    print(weighted(x, m))
    print(grad(weighted)(x, m))
