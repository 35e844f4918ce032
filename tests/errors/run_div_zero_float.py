# error: 6:12: division by zero
"""Float division by zero is an error, as in CPython (no inf)."""


def inverse(x):
    return 1.0 / x


def main():
    for x in (2.0, 1.0, 0.0):
        print(inverse(x))
