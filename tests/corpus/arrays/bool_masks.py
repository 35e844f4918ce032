# fd: bmk [0.6, -0.3, 1.2]
# Boolean arrays from comparisons used as masks: counting with sum, means
# of masks, selecting with where, masks in arithmetic (converted to float).
import numpy as np


def bmk(a, b, c):
    x = np.array([a, b, c])
    mask = x > 0.0
    return np.sum(np.where(mask, x * x, 0.0)) + np.sum(x * (x < 1.0))


def main():
    x = np.array([3.0, -1.0, 0.5, -2.5, 4.0])
    pos = x > 0.0
    print(pos)
    print(np.sum(pos), np.mean(pos))
    print(np.where(pos, x, 0.0))
    print((x + 3.0) * pos)
    print(pos * 1, pos * 1.0)
    print(np.sum(x * pos) / np.sum(pos))
    m = np.arange(9).reshape(3, 3)
    big = m >= 4
    print(big)
    print(np.sum(big, axis=0), np.sum(big, axis=1))
    print(np.where(big, m, -m))
    if np.sum(pos) > 2:
        print("mostly positive")
    print(bmk(0.6, -0.3, 1.2))
