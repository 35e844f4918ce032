# error: 6:12: bad operand type for unary -
"""Negating a tuple."""


def opposite(p):
    return -p


def main():
    print(opposite((1.0, 2.0)))
