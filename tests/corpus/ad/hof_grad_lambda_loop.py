# fd: fit [0.5, 1.5]
# fd: fit_arrays [0.5]
# grad of a lambda that captures the loop variable and the data, inside a
# loop: plain gradient descent, the way a user writes it.
import numpy as np
from myia import grad, value_and_grad


def loss(p, x, y):
    return (p * x - y) ** 2


def fit(p, scale):
    for x in (1.0, 2.0, 3.0):
        y = scale * x
        p = p - 0.05 * grad(lambda q: loss(q, x, y))(p)
    return p


def fit_arrays(p):
    xs = np.array([1.0, 2.0, 3.0])
    ys = np.array([2.0, 4.1, 5.9])
    for i in range(3):
        v, g = value_and_grad(lambda q: np.sum((q * xs[: i + 1] - ys[: i + 1]) ** 2))(p)
        p = p - 0.01 * g + 0.0 * v
    return p


def main():
    print(fit(0.5, 1.5))
    print(grad(lambda s: fit(0.5, s))(1.5))
    print(fit_arrays(0.5))
    x = 3.0
    print(value_and_grad(lambda q: loss(q, x, 1.0) * x)(2.0))
