# fd: tanh_rows [0.3, 0.1]
# fd: squares [1.0, 0.5]
# fd: floats_while [1.0, 0.5]
# Accumulators that start as a Python number (0 or 0.0) and become arrays
# in the first iteration of a loop: the gradient reaches every iteration,
# and the optimizer's assumptions about the accumulator's first value
# must not leak into the later ones.
import numpy as np
from myia import grad


def tanh_rows_x(w, X):
    s = 0
    for x in X:
        s = s + np.tanh(x * w)
    return np.sum(s)


def tanh_rows(a, b):
    X = np.array([[1.0, 2.0], [0.5, -1.0], [0.25, 0.75]])
    return tanh_rows_x(np.array([a, b]), X)


def squares_v(w):
    total = 0
    for i in range(3):
        total = total + w * (i + 1)
    return np.sum(total ** 2)


def squares(a, b):
    return squares_v(np.array([a, b]))


def floats_while_v(w):
    total = 0.0
    i = 0
    while i < 3:
        total = total * 0.5 + np.sin(w)
        i += 1
    return np.sum(total * total)


def floats_while(a, b):
    return floats_while_v(np.array([a, b]))


def main():
    X = np.array([[1.0, 2.0], [0.5, -1.0], [0.25, 0.75]])
    w = np.array([0.3, 0.1])
    print(tanh_rows_x(w, X))
    print(grad(tanh_rows_x)(w, X))
    print(grad(squares_v)(np.array([1.0, 0.5])))
    print(grad(floats_while_v)(np.array([1.0, 0.5])))
    print(grad(tanh_rows, (0, 1))(0.3, 0.1))
