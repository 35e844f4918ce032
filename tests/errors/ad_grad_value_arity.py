# error: 9:12: grad() of a function value needs to be called at once
"""The gradient of a function value whose arity the function cannot tell:
returned, not called, of a function taken from a tuple argument."""
import math
from myia import grad


def derivative(f):
    return grad(f)


def run(fs):
    return derivative(fs[1])(2.0)


def main():
    print(run((abs, math.sin)))
