# tol: 1e-4
# fd: dping [0.5, 4]
# Second order through mutual recursion.
import math
from myia import grad


def ping(x, n):
    if n == 0:
        return x
    return pong(x, n - 1) * x


def pong(x, n):
    if n == 0:
        return math.sin(x)
    return ping(x, n - 1) + x * x


def dping(x, n):
    return grad(ping)(x, n)


def main():
    for n in (0, 1, 2, 4):
        print(n, grad(grad(ping))(0.5, n))
