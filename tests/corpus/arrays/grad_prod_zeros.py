# fd: one_zero [2.0, 3.0]
# fd: rows [0.5, -1.5]
# The gradient of a product where factors are 0: the product of the
# other factors, never out / x (NaN at a zero).
import numpy as np
from myia import grad


def one_zero(a, b):
    return np.prod(np.array([0.0, a, b]))


def rows_x(X):
    return np.sum(np.prod(X, axis=1) ** 2)


def rows(a, b):
    return rows_x(np.array([[0.0, a, 3.0], [1.0, 0.0, 0.0], [b, 2.0, -1.0]]))


def cols_x(X):
    return np.sum(np.prod(X, axis=0, keepdims=True) * np.array([[1.0, 2.0, 3.0]]))


def main():
    print(grad(np.prod)(np.array([0.0, 2.0, 3.0])))
    print(grad(np.prod)(np.array([1.5, 2.0, 3.0])))
    print(grad(np.prod)(np.array([0.0, 2.0, 0.0])))
    X = np.array([[0.0, 2.0, 3.0], [1.0, 0.0, 4.0], [0.5, 2.0, -1.0]])
    print(grad(rows_x)(X))
    print(grad(cols_x)(X))
    print(grad(one_zero, (0, 1))(2.0, 3.0))
    print(grad(np.prod)(2.5))
