# fd: ts [0.4, -0.8, 1.6]
# One function called with arrays of different shapes and dtypes: each
# call site gets its own specialisation.
import numpy as np


def normalize(x):
    mu = np.mean(x)
    sd = np.sqrt(np.mean((x - mu) ** 2))
    return (x - mu) / sd


def total(x):
    return np.sum(x * x)


def ts(a, b, c):
    return np.sum(normalize(np.array([a, b, c])) * np.array([1.0, 2.0, 3.0])) + total(np.array([[a, b], [b, c]]))


def main():
    print(normalize(np.array([1.0, 2.0, 3.0])))
    print(normalize(np.arange(8).reshape(2, 4)))
    print(total(np.arange(4)), total(np.array([0.5, 1.5])), total(np.ones((2, 3))))
    print(total(np.arange(6).reshape(3, 2) * 0.5))
    print(ts(0.4, -0.8, 1.6))
