# error: 6:12: not supported
"""Bit operators are outside the subset."""


def mask(a, b):
    return a & b


def main():
    print(mask(12, 10))
