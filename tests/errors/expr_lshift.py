# error: 6:12: not supported
"""Shift operators are outside the subset."""


def double(a):
    return a << 1


def main():
    print(double(21))
