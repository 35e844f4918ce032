# fd: filled [1.5, -0.5]
# zeros, ones, full, eye, zeros_like and ones_like: shapes as ints and
# tuples, and the dtype of the result (float, or that of the model array).
import numpy as np


def filled(a, b):
    x = np.full((2, 3), a) + np.ones(3) * b
    return np.sum(x * x) + np.sum(np.eye(2) * a)


def main():
    print(np.zeros(3))
    print(np.zeros((2, 3)))
    print(np.ones(4))
    print(np.ones((3, 2)))
    print(np.full(3, 2.5))
    print(np.full((2, 2), 7))
    print(np.full((2, 3), -1.0))
    print(np.eye(3))
    print(np.eye(2) * 4.0)
    ints = np.arange(4)
    print(np.zeros_like(ints), np.ones_like(ints))
    floats = np.array([[1.5, 2.5], [3.5, 4.5]])
    print(np.zeros_like(floats))
    print(np.ones_like(floats))
    print(np.zeros((2, 3)).shape, np.ones(5).shape, np.eye(4).shape)
    print(filled(1.5, -0.5))
