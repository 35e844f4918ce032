# fd: loss_s [0.6, -0.2, 1.4, 0.3]
# tol: 1e-4
# Gradients of matrix products with respect to both matrices, in every
# 1-d/2-d combination: (2,3)@(3,2), (3,)@(3,2), (2,3)@(3,), via @, np.dot
# and np.matmul.
import numpy as np
from myia import grad


def show(name, g):
    print(name, g.shape)
    for v in g.reshape(-1):
        print(" ", v)


def mm(a, b):
    c = a @ b
    return np.sum(c * c)


def vm(v, b):
    return np.sum(np.exp(np.dot(v, b)))


def mv(a, v):
    return np.sum(np.matmul(a, v) ** 3)


def loss_s(p, q, r, s):
    a = np.array([[p, q, r], [s, p, q]])
    b = np.array([[r, s], [p, 1.0], [q, -1.0]])
    return mm(a, b) + vm(a[0], b) + mv(a, b[:, 0])


def main():
    a = np.array([[1.0, 0.5, -1.0], [0.0, 2.0, 1.0]])
    b = np.array([[0.5, -0.5], [1.0, 0.25], [-1.0, 1.0]])
    ga, gb = grad(mm, (0, 1))(a, b)
    show("mm a", ga)
    show("mm b", gb)
    v = np.array([0.2, -0.1, 0.3])
    gv, gb2 = grad(vm, (0, 1))(v, b)
    show("vm v", gv)
    show("vm b", gb2)
    ga3, gv3 = grad(mv, (0, 1))(a, v)
    show("mv a", ga3)
    show("mv v", gv3)
    print(grad(loss_s, (0, 1, 2, 3))(0.6, -0.2, 1.4, 0.3))
