# fd: oe [0.3, 1.1]
# np.outer of 1-d arrays (and of 2-d ones, flattened), and the identity.
import numpy as np


def oe(a, b):
    o = np.outer(np.array([a, b]), np.array([b, a, 1.0]))
    return np.sum(o * o) + np.sum(np.eye(2) @ o)


def main():
    u = np.array([1, 2, 3])
    v = np.array([0.5, -1.0])
    print(np.outer(u, v))
    print(np.outer(v, u))
    print(np.outer(u, u))
    print(np.outer(np.arange(4).reshape(2, 2), np.array([1, 10])))
    e = np.eye(3)
    print(e @ u, u @ e)
    print(np.sum(np.outer(u, u) * e))
    print(oe(0.3, 1.1))
