# error: 11:30: 2 primals but 1 tangents
"""jvp with fewer tangents than primals."""
from myia import jvp


def f(x, y):
    return x * y


def main():
    print(jvp(f, (1.0, 2.0), (1.0,)))
