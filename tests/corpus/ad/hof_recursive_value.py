# fd: h [0.7]
# A recursive function passed as a value, and a gradient function captured
# by a lambda and differentiated again.
# tol: 1e-4
import math
from myia import grad


def fact(x, n):
    if n == 0:
        return 1.0
    return x * fact(x - 1.0, n - 1)


def apply(fn, a, b):
    return fn(a, b)


def g(x):
    return math.sin(x) * x


def h(x):
    dg = grad(g)
    k = lambda t: dg(t) * t
    return k(x) + apply(fact, x, 3)


def main():
    print(grad(lambda x: apply(fact, x, 4))(4.5))
    print(h(0.7), grad(h)(0.7))
