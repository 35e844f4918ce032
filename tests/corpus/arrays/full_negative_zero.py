# fd: fill [0.5, -2.0]
# np.full with -0.0 fills with -0.0 (numpy prints -0.), as the
# arithmetic that makes a -0.0 does.
import numpy as np


def fill(a, b):
    return np.sum(np.full((2, 2), a) * np.full(2, b) + np.full(2, -0.0))


def main():
    z = -0.0
    print(np.full(3, -0.0), np.full((2,), z), np.full((1, 2), z))
    print(np.full(2, 0.0), np.zeros(2) * -1.0, np.where(np.array([True, False]), z, 1.0))
    print(np.full(2, -0.0) + 0.0, np.full(2, -0.0) - 0.0)
    print(fill(0.5, -2.0))
