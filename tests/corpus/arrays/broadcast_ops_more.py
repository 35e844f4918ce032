# fd: bm [1.3, 0.4]
# Broadcasting in //, %, ** and the comparisons; unary minus and plus.
import numpy as np


def bm(a, b):
    x = np.array([a, b, a * b])
    return np.sum(x ** 2 + (-x) ** 3 + x ** np.array([1.0, 2.0, 3.0]))


def main():
    i = np.arange(-3, 5).reshape(2, 4)
    print(i // 3)
    print(i % 3)
    print(i // np.array([1, 2, 3, 4]))
    print(i ** 2)
    print(np.array([1.5, 2.0, 2.5]) ** np.array([[1.0], [2.0]]))
    print(2.0 ** np.arange(4))
    print(np.array([7.5, -7.5]) // 2.0, np.array([7.5, -7.5]) % 2.0)
    print(-i)
    print(+i)
    print(-np.array([0.5, -1.5]))
    x = np.array([1.0, 2.0, 3.0])
    y = np.array([[2.0], [3.0]])
    print(x < y)
    print(x <= y)
    print(x > y)
    print(x >= y)
    print(x == y)
    print(x != y)
    print(x > 1.5)
    print(2 <= np.arange(4))
    print(bm(1.3, 0.4))
