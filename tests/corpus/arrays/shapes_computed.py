# fd: pairwise [1.0, 2.0, 3.0, 5.0]
# Shapes computed from other shapes: covariance (x.shape[0]), pairwise
# distances by broadcasting (n, 1, d) against (1, n, d), arrays made
# from x.shape and len(x), keepdims with axis None.
import numpy as np


def center(x):
    return x - np.mean(x, axis=0)


def cov(x):
    c = center(x)
    return c.T @ c / (x.shape[0] - 1)


def build(n):
    m = np.zeros((n, n))
    for i in range(n):
        m = m + np.eye(n) * i
    return m


def pairwise(a, b, c, d):
    x = np.array([[a, b], [c, d], [a * d, b - c]])
    dist = np.sum((x.reshape(3, 1, 2) - x.reshape(1, 3, 2)) ** 2, axis=-1)
    return np.sum(np.sqrt(dist + 1.0)) + np.sum(cov(x))


def main():
    x = np.array([[1.0, 2.0], [3.0, 5.0], [4.0, 4.0], [0.0, 1.0]])
    print(cov(x))
    print(np.sum(x, keepdims=True), np.max(x, keepdims=True).shape, np.mean(x, axis=None, keepdims=True))
    print(np.zeros(x.shape), np.ones(len(x)), np.full(x.shape, 2))
    n = x.shape[0] // 2
    print(np.arange(n * 3), np.eye(n + 1), build(n + 1))
    if x.shape == (4, 2):
        print("shape ok")
    for i in range(x.shape[1]):
        print(i, x[:, i].max())
    print(x.reshape(x.shape[1], -1))
    print(np.zeros_like(x[0]) + x[-1], np.ones_like(x, ) * x.T[0].reshape(-1, 1))
    print(np.sum(x ** 2, axis=1) ** 0.5)
    d = np.sum((x.reshape(4, 1, 2) - x.reshape(1, 4, 2)) ** 2, axis=-1)
    print(d)
    print(np.sqrt(d))
    print(pairwise(1.0, 2.0, 3.0, 5.0))
