# fd: loss [0.4, 0.9]
# tol: 1e-4
# Reverse mode through jacrev where the input is a tuple holding an
# array: jacrev of jacrev, and grad of a function of the Jacobian.
import numpy as np
from myia import jacrev


def prod(t):
    return t[0] * t[1]


def scaled(t):
    return np.sum(t[0] * t[0]) * t[1]


def loss(p, q):
    j = jacrev(scaled)((np.array([p, q]), p * q))
    return np.sum(j[0] * j[0]) + j[1]


def main():
    print(jacrev(jacrev(prod))((np.array([1.0, 2.0]), 2.0)))
    print(loss(0.4, 0.9))
