# error: 6:12: not callable
"""Calling a value that is not a function."""


def apply(f, x):
    return f(x)


def main():
    print(apply(3, 4))
