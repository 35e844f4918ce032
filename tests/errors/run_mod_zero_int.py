# error: 6:12: by zero
"""Integer modulo by zero."""


def is_multiple(n, d):
    return n % d == 0


def main():
    print(is_multiple(9, 3))
    print(is_multiple(9, 0))
