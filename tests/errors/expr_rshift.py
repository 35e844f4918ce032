# error: 7:11: not supported
"""Shift operators are outside the subset."""


def main():
    n = 64
    print(n >> 2)
