# error: 6:12: integer overflow
"""64-bit ints: a power that does not fit is an error (not in CPython)."""


def power(b, e):
    return b ** e


def main():
    print(power(3, 39))
    print(power(3, 41))
