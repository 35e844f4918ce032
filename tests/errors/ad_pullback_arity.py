# error: 13:11: pullback() takes 1 positional argument but 2 were given
"""A pullback called with two cotangents: the message names it as CPython
does (it said <lambda>())."""
from myia import vjp


def f(x):
    return x * x


def main():
    out, pb = vjp(f, 2.0)
    print(pb(1.0, 2.0))
