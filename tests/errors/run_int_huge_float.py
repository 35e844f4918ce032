# error: 6:12: overflow
"""Converting a float beyond the 64-bit range to int (not in CPython)."""


def to_int(x):
    return int(x)


def main():
    print(to_int(1e+18))
    print(to_int(1e+20))
