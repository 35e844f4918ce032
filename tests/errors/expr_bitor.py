# error: 6:12: not supported
"""Bit operators are outside the subset."""


def combine(a, b):
    return a | b


def main():
    print(combine(12, 3))
