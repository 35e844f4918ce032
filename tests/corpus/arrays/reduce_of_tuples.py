# fd: tup2 [1.5, -0.5]
# fd: tup [1.5, -0.5]
"""Reductions of tuples and lists of numbers, and sizes, in programs
whose values hold no array: natively, through the array runtime."""
import numpy as np


def count(shape):
    return np.prod(shape)


def tup(a, b):
    return np.mean((a * a, b)) + np.prod([a, b, 2.0])


def tup2(a, b):
    return np.sum((a, b)) * np.max((a, b))


def main():
    print(np.prod((2, 3)))
    print(np.sum((1, 2, 3)), np.mean([1.0, 2.0]), np.max((3, 1, 2)), np.min([4, 2]))
    print(count((4, 5)), np.sum((1.5, 2)), np.prod(()))
    print(np.arange(6).size, np.ones((2, 3)).size)
    print(tup(1.5, -0.5), tup2(1.5, -0.5))
