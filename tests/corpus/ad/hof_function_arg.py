# fd: h [0.5]
# grad with respect to a float argument of a function that also takes a
# function argument (a primitive, a def, a lambda).
import math
from myia import grad


def g(fn, x):
    return fn(x) * x


def sq(x):
    return x * x


def h(x):
    return grad(g, 1)(sq, x) + grad(g, 1)(math.sin, x)


def main():
    print(grad(g, 1)(math.cos, 0.5))
    print(grad(g, 1)(sq, 0.5))
    print(grad(g, 1)(lambda t: t + 3.0, 0.5))
    print(grad(g, 1)(abs, -0.5))
    print(h(0.5))
