# fd: deep [0.1, 150]
# A deep recursion (150 calls): the backward pass goes as deep.
import math
from myia import grad


def deep(x, n):
    if n == 0:
        return x
    return math.sin(deep(x, n - 1)) + 0.01 * x


def main():
    print(deep(0.1, 150), grad(deep)(0.1, 150))
    print(grad(deep)(1.0, 150))
