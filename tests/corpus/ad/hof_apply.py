# fd: f [0.8]
# fd: call_twice [1.1]
# Functions passed as arguments and called by the function differentiated.
import math
from myia import grad


def apply(fn, x):
    return fn(x)


def twice(fn, x):
    return fn(fn(x))


def sq(x):
    return x * x


def f(x):
    return apply(math.sin, x) * apply(sq, x) + twice(math.exp, x * 0.5)


def call_twice(x):
    return twice(lambda t: t * x + 1.0, x)


def main():
    print(grad(f)(0.8))
    print(grad(call_twice)(1.1))
