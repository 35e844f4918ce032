# fd: scaled [0.5]
# fd: picked [2.0, 1.5]
# fd: listed [1.5]
# Arrays of different dtypes join as numpy promotes them, as an int and a
# float do (LANGUAGE.md): an int64 array rebound to a float64 array in a
# loop or a branch, a list or a tuple of both, a conditional expression,
# a function returning either, and a bool array rebound to an int array.
# Where an int array arrives at a float join it is converted (astype).
# Also arrays that may be None, narrowed by `is not None`.
import numpy as np
from myia import grad


def halve(n):
    x = np.arange(4)
    for i in range(n):
        x = x * 0.5
    return x


def pick(c):
    if c:
        return np.arange(3)
    return np.ones(3) * 0.5


def branch(c):
    y = np.arange(3)
    if c:
        y = y / 2
    return y


def element(k):
    t = (np.arange(2) + 1, np.ones(2))
    return t[k] * 1.5


def maybe_arr(n):
    if n > 1:
        return np.ones(n) * n
    return None


def scaled(w):
    x = np.arange(4)
    for i in range(3):
        x = x * w
    return np.sum(x)


def picked(w, v):
    y = np.arange(3) if w > v else np.ones(3) * v
    return np.sum(y * w)


def listed(w):
    l = [np.arange(3), np.ones(3) * w]
    s = 0.0
    for a in l:
        s = s + np.sum(a * w)
    return s


def main():
    print(halve(1), halve(3))
    print(pick(False), pick(True) * 1.0)
    print(branch(True))
    print(branch(False) + 0.5)
    l = [np.arange(3), np.ones(3)]
    print(l[1], len(l), np.sum(l[0] * l[1]))
    s = 0.0
    for a in l:
        s = s + np.sum(a * 2)
    print(s)
    print(element(0), element(1))
    z = np.arange(4)
    while np.sum(z) < 100:
        z = z * 1.5 + 1
    print(z)
    w = np.arange(3) if s > 100 else np.full(3, 2.5)
    print(w)
    b = np.arange(3) > 0
    for i in range(2):
        b = b + np.arange(3)
    print(b)
    m = np.arange(4).reshape((2, 2))
    for i in range(2):
        m = m * 0.5 + np.eye(2)
    print(m)
    for n in range(4):
        a = maybe_arr(n)
        if a is not None:
            print(n, np.sum(a), a * 2)
        else:
            print(n, "none")
    print(scaled(0.5), picked(2.0, 1.5), picked(1.0, 1.5), listed(1.5))
    print(grad(scaled)(0.5), grad(picked)(2.0, 1.5), grad(picked)(1.0, 1.5), grad(listed)(1.5))
