# fd: f [0.5]
# fd: g [0.7, 1.3]
# fd: h [0.3]
# Gradients through function values called with ints and with floats:
# each call runs the specialisation of its own argument types.
import math
from myia import grad, value_and_grad


def f(x):
    sq = lambda y: y * y
    return sq(x) + sq(3)


def g(x, w):
    scale = lambda y: y * w
    s = 0.0
    for k in range(3):
        s = s + scale(k) + scale(x * k)
    return s


def twice(fn, x):
    return fn(fn(x))


def h(x):
    inc = lambda y: y + 1
    return math.sin(twice(inc, x)) * twice(inc, 2)


def main():
    print(f(0.5), grad(f)(0.5))
    print(g(0.7, 1.3), grad(g)(0.7, 1.3), grad(g, argnums=1)(0.7, 1.3))
    print(value_and_grad(h)(0.3))
