# error: 9:9: constant
"""Top-level assignments must be constants."""


def square(x):
    return x * x


TABLE = square(4)


def main():
    print(TABLE)
