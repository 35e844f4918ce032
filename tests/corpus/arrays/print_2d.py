# fd: p2 [0.3, -1.1]
# Printing 2-d arrays: one row per line, columns aligned across rows.
import numpy as np


def p2(a, b):
    m = np.array([[a, b], [a * b, 1.0]])
    return np.sum(m @ m)


def main():
    print(np.array([[1, 2], [3, 4]]))
    print(np.array([[1, -20], [300, 4]]))
    print(np.array([[0.5, 1.0, 1.5], [2.0, 2.5, 3.0]]))
    print(np.array([[1.0, -1.0], [0.25, 100.0]]))
    print(np.array([[True, False], [False, True]]))
    print(np.arange(6).reshape(2, 3) * 1.5 - 3.0)
    print(np.arange(6).reshape(3, 2))
    print(np.arange(6).reshape(6, 1))
    print(np.arange(6).reshape(1, 6))
    print(p2(0.3, -1.1))
