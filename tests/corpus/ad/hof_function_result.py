# fd: f [1.25]
# A function chosen by a branch and returned, then called.
import math
from myia import grad


def choose(x):
    if x > 1.0:
        return lambda y: y * x
    return math.sin


def f(x):
    return choose(x)(x * x) + choose(0.5)(x)


def main():
    print(grad(f)(1.25))
    print(grad(f)(0.75))
