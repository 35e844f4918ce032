# fd: sm [0.5, -1.0, 2.0]
# Numerically stable softmax and log-sum-exp over rows (axis -1 with
# keepdims), on values that would overflow a naive exp.
import numpy as np


def softmax(z):
    e = np.exp(z - np.max(z, axis=-1, keepdims=True))
    return e / np.sum(e, axis=-1, keepdims=True)


def logsumexp(z):
    m = np.max(z, axis=1, keepdims=True)
    return np.log(np.sum(np.exp(z - m), axis=1)) + m[:, 0]


def sm(a, b, c):
    z = np.array([[a, b, c], [c, a, b]])
    return np.sum(softmax(z) * np.array([1.0, 2.0, 3.0])) + np.sum(logsumexp(z))


def main():
    z = np.array([[1.0, 2.0, 3.0], [1000.0, 1000.0, 1001.0]])
    p = softmax(z)
    print(p)
    print(np.sum(p, axis=1))
    print(logsumexp(z))
    print(softmax(np.array([0.0, 0.0])))
    print(sm(0.5, -1.0, 2.0))
