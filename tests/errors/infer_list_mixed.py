# error: 6:12: the elements of a list must have the same type
"""A list literal whose elements have different types."""


def pair_list(x):
    return [x, (x, x)]


def main():
    print(pair_list(1.0))
