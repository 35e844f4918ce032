# error: 7:9: not supported
"""Bit operators are outside the subset."""


def main():
    a = 5
    b = a ^ 3
    print(b)
