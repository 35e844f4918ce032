# fd: wm [0.7, -0.4, 1.9]
# np.where with arrays and scalars, np.maximum and np.minimum with
# broadcasting: ReLU, clipping, selecting between two arrays.
import numpy as np


def relu(x):
    return np.maximum(x, 0.0)


def clip(x, lo, hi):
    return np.minimum(np.maximum(x, lo), hi)


def wm(a, b, c):
    x = np.array([a, b, c])
    return np.sum(relu(x) ** 2) + np.sum(np.where(x > 0.0, x, 2.0 * x)) + np.sum(clip(x, -0.5, 1.0))


def main():
    x = np.array([-2.0, -0.5, 0.0, 0.5, 2.0])
    print(relu(x))
    print(clip(x, -1.0, 1.0))
    print(np.where(x > 0.0, x, 0.1 * x))
    print(np.where(x < 0.0, -1.0, 1.0))
    print(np.where(x > 0.0, 1, 0))
    print(np.maximum(np.arange(4), 2), np.minimum(np.arange(4), 2))
    a = np.array([1.0, 5.0, 3.0])
    b = np.array([[2.0], [4.0]])
    print(np.maximum(a, b))
    print(np.minimum(a, b))
    print(np.where(a > b, a, b))
    print(np.where(np.array([True, False, True]), a, -a))
    print(wm(0.7, -0.4, 1.9))
