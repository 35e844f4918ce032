# fd: at [0.3, 0.7]
# Arrays in tuples: built, unpacked, returned, passed as one parameter,
# nested, and indexed.
import numpy as np


def init(n):
    return (np.zeros(n), np.ones(n), n)


def step(state, x):
    lo, hi, n = state
    return (np.minimum(lo, x), np.maximum(hi, x), n + 1)


def at(a, b):
    s = step(init(2), np.array([a, b]))
    lo, hi, n = s
    return np.sum(lo * hi) + np.sum(hi) * n


def main():
    s = init(3)
    s = step(s, np.array([-1.0, 0.5, 2.0]))
    s = step(s, np.array([0.5, -3.0, 1.0]))
    lo, hi, n = s
    print(lo, hi, n)
    print(s[0] + s[1])
    pair = (np.arange(3), (np.arange(2) * 1.5, 7))
    a, (b, c) = pair
    print(a, b, c)
    print(pair[1][0])
    print(at(0.3, 0.7))
