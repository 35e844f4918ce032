# fd: power [0.5, 0.2]
# Loops that rebuild arrays of a fixed shape: a running sum of rows, power
# iteration, a while loop on an array norm, a matrix product in a loop.
import numpy as np


def power(a, b):
    m = np.array([[2.0, a], [b, 1.0]])
    v = np.array([1.0, 1.0])
    for _ in range(5):
        v = m @ v
        v = v / np.sqrt(np.sum(v * v))
    return v @ m @ v


def main():
    m = np.arange(12).reshape(4, 3) * 1.0
    total = np.zeros(3)
    for row in m:
        total = total + row
    print(total)
    x = np.array([8.0, -6.0])
    steps = 0
    while np.sqrt(np.sum(x * x)) > 1.0:
        x = x * 0.5
        steps += 1
    print(x, steps)
    acc = np.ones((2, 2))
    for k in range(3):
        acc = acc @ np.array([[1.0, 1.0], [0.0, 1.0]]) + k
    print(acc)
    print(power(0.5, 0.2))
