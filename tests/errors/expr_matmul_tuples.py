# error: 6:12: unsupported operand types for @: tuple and tuple
"""@ of two tuples: numpy takes a tuple only next to an array."""


def product(a, b):
    return a @ b


def main():
    print(product((1.0, 2.0), (3.0, 4.0)))
