# error: 6:12: not supported
"""Bitwise inversion is outside the subset."""


def flip(a):
    return ~a


def main():
    print(flip(0))
