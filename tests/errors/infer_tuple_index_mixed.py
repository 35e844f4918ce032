# error: 6:12: tuple index out of range: index 2 of a tuple of length 2
"""A constant index past the end of a tuple whose elements have different types: no type for the result."""


def third(t):
    return t[2]


def main():
    print(third((1, (2, 3))))
