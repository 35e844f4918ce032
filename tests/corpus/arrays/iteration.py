# fd: it [0.3, 0.6, 0.9]
# Iterating over arrays: for x in 1-d (scalars), for row in 2-d (rows),
# enumerate and zip over arrays, len.
import numpy as np


def it(a, b, c):
    x = np.array([a, b, c])
    s = 0.0
    for v in x:
        s = s + v * v
    return s


def main():
    x = np.array([1.5, -2.0, 0.25])
    total = 0.0
    for v in x:
        total = total + v
        print(v)
    print(total)
    m = np.arange(6).reshape(3, 2)
    for row in m:
        print(row, np.sum(row))
    for i, row in enumerate(m):
        print(i, row * i)
    for a, b in zip(np.arange(3), x):
        print(a, b, a * b)
    print(len(x), len(m), len(m[0]))
    count = 0
    for row in np.eye(3):
        count = count + 1
    print(count)
    print(it(0.3, 0.6, 0.9))
