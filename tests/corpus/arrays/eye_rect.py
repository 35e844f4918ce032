# fd: diag [0.7, -1.2]
# np.eye(N, M, k): rectangular identities and the diagonals above and
# below, by position and by keyword.
import numpy as np


def diag(a, b):
    m = np.array([[a, b, 1.0], [b * b, a, 2.0]])
    return np.sum(m * np.eye(2, 3)) + np.sum(m * np.eye(2, 3, k=1)) * a + np.sum(m.T @ np.eye(2, k=-1))


def main():
    print(np.eye(2, 3))
    print(np.eye(3, k=1))
    print(np.eye(3, 2, -1))
    print(np.eye(2, M=4, k=2))
    print(np.eye(3, k=5))
    print(np.eye(3, 3, -3))
    print(np.eye(0, 2).shape, np.eye(2, 0).shape)
    n = 2
    print(np.eye(n, n + 1, 1) + np.eye(n, n + 1))
    e = np.eye
    print(e(1, 2))
    print(diag(0.7, -1.2))
