# fd: loss_s [0.2, 1.4, -0.6, 0.9]
# tol: 1e-4
# Gradients through np.mean: over everything, over an axis, and a
# variance (mean of squared deviations from a mean with keepdims).
import numpy as np
from myia import grad


def show(name, g):
    print(name, g.shape)
    for v in g.reshape(-1):
        print(" ", v)


def mse(pred, target):
    return np.mean((pred - target) ** 2)


def row_var(m):
    mu = np.mean(m, axis=1, keepdims=True)
    return np.sum(np.mean((m - mu) ** 2, axis=1))


def loss_s(a, b, c, d):
    m = np.array([[a, b], [c, d]])
    return row_var(m) + mse(m[0], m[1]) + np.mean(m, axis=0) @ np.array([1.0, 2.0])


def main():
    p = np.array([0.5, 1.5, -1.0, 2.0])
    t = np.array([1.0, 1.0, 0.0, 2.5])
    print(mse(p, t))
    show("d mse / d pred", grad(mse)(p, t))
    show("d mse / d target", grad(mse, 1)(p, t))
    m = np.array([[1.0, 2.0, 4.0], [0.5, -0.5, 1.5]])
    print(row_var(m))
    show("d row_var", grad(row_var)(m))
    show("d mean", grad(lambda x: x.mean())(m))
    print(grad(loss_s, (0, 1, 2, 3))(0.2, 1.4, -0.6, 0.9))
