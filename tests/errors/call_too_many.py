# error: 10:11: argument
"""A call with too many positional arguments."""


def add(a, b):
    return a + b


def main():
    print(add(1, 2, 3))
