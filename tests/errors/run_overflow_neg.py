# error: 6:12: integer overflow
"""64-bit ints: negating the most negative int overflows (not in CPython)."""


def negate(x):
    return -x


def main():
    smallest = -(2 ** 62) * 2
    print(negate(smallest + 1))
    print(negate(smallest))
