# tol: 1e-4
# fd: outer [1.2]
# Second order with respect to a variable captured by a closure.
import math
from myia import grad


def outer(x):
    def h(y):
        return math.sin(x * y) + x * y * y
    return h(x) + h(1.0)


def main():
    print(grad(grad(outer))(1.2))
    print(grad(grad(outer))(-0.4))
