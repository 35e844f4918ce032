# error: 11:11: function
"""Differentiating with respect to a function value."""
from myia import grad


def apply(g, x):
    return g(x)


def main():
    print(grad(apply)(abs, 2.0))
