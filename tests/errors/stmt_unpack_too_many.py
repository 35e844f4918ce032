# error: 10:5: too many values to unpack (expected 2)
"""Unpacking a function's 3-tuple into two names."""


def triple(x):
    return (x, x + 1, x + 2)


def main():
    a, b = triple(1)
    print(a, b)
