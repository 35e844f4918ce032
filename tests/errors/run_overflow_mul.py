# error: 6:12: integer overflow
"""64-bit ints: a product that does not fit is an error (not in CPython)."""


def mul(a, b):
    return a * b


def main():
    big = 2 ** 62
    print(mul(big, 1))
    print(mul(big, 4))
