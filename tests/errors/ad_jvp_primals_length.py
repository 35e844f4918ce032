# error: 12:18: jvp(): the primals must hold 2 values, one per argument of the function
"""Primals given as a value with more elements than f takes arguments."""
from myia import jvp


def g(x, y):
    return x * y


def main():
    p = (3.0, 4.0, 5.0)
    print(jvp(g, p, (1.0, 1.0)))
