# fd: grow [0.5, 1.5]
# An array whose length changes from one loop iteration to the next
# (concatenation in a loop): its shape is not known statically.
import numpy as np


def cumsum(x):
    out = x[0:1]
    acc = x[0]
    for i in range(1, len(x)):
        acc = acc + x[i]
        out = np.concatenate([out, np.array([acc])])
    return out


def grow(a, b):
    return np.sum(cumsum(np.array([a, b, a * b])) ** 2)


def main():
    print(cumsum(np.array([1.0, 2.0, 3.0, 4.5])))
    print(cumsum(np.arange(6)))
    print(cumsum(np.array([2.5])))
    print(grow(0.5, 1.5))
