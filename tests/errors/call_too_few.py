# error: 10:11: argument
"""A call with too few arguments."""


def add(a, b):
    return a + b


def main():
    print(add(1))
