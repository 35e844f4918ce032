# error: 5:14: expected ':'
"""A def without its colon."""


def square(x)
    return x * x


def main():
    print(square(3))
