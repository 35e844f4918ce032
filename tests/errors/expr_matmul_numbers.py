# error: 6:12: unsupported operand types for @: int and int
"""@ of two numbers: Python has no matrix product of ints (np.dot has)."""


def product(a, b):
    return a @ b


def main():
    print(product(5, 3))
