# error: 11:11: grad(): argnums -3 is out of range for f, which takes 2 arguments
"""A negative argnums counts from the end: -3 is before the first of two."""
from myia import grad


def f(x, y):
    return x * y


def main():
    print(grad(f, argnums=-3)(1.0, 2.0))
