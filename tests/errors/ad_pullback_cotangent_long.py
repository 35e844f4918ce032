# error: 15:11: a pullback's cotangent must have the structure of the output of the function (tuple[float, float]), got tuple[float, float, float]
"""A pullback of a function returning a pair, given a cotangent of three
elements: an error at the call of the pullback (the third element was
ignored), as JAX's, whose cotangent must match the output's structure."""
from myia import vjp


def f(x):
    return x * 2.0, x * 3.0


def main():
    y, pb = vjp(f, 1.5)
    print(y)
    print(pb((1.0, 2.0, 3.0)))
