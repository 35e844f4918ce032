# error: 12:30: jvp(): 2 primals, so the tangents must hold 2 values
"""Tangents given as a list of another length than the primals."""
from myia import jvp


def g(x, y):
    return x * y


def main():
    t = [1.0, 2.0, 3.0]
    print(jvp(g, (1.0, 2.0), t))
