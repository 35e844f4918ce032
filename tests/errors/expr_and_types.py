# error: 6:12: same type
"""Operands of and/or must have the same type."""


def either(a, b):
    return a or b


def main():
    print(either(0, 2.5))
