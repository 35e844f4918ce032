# error: 14:11: a pullback's cotangent must have the structure of the output of the function (tuple[float, float]), got float
"""A pullback of a function returning a pair, given a float: the error is
at the call of the pullback, not at the function's return."""
from myia import vjp


def f(x):
    return x * 2.0, x * 3.0


def main():
    y, pb = vjp(f, 1.5)
    print(y)
    print(pb(1.0))
