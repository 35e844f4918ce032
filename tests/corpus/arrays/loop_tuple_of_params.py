# fd: l2 [0.5, -1.5, 2.0]
# A loop over a tuple whose elements have different types (an array and
# a float: the parameters of a model), directly and under grad (where
# t[i] is a call of getitem's fprop), and a function that indexes the
# tuple called in a loop over its indices: the loop is unrolled, the
# index known at each iteration.
import numpy as np
from myia import grad, value_and_grad


def sq_norm(params):
    total = 0.0
    for p in params:
        total = total + np.sum(p * p)
    return total


def get(t, i):
    return t[i]


def sq_norm_idx(params):
    total = 0.0
    for i in range(len(params)):
        total = total + np.sum(get(params, i) ** 2)
    return total


def l2(a, b, c):
    params = (np.array([a, b]), c, np.array([[a * c]]))
    return sq_norm(params) + sq_norm_idx(params) * 0.5


def main():
    params = (np.array([1.0, 2.0]), 3.0)
    print(sq_norm(params), sq_norm_idx(params))
    print(grad(sq_norm)(params))
    print(grad(sq_norm_idx)(params))
    print(value_and_grad(l2, (0, 2))(0.5, -1.5, 2.0))
