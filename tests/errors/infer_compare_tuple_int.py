# error: 6:12: '<' not supported
"""Comparing a tuple with a number."""


def smaller(a, b):
    return a < b


def main():
    print(smaller((1, 2), 3))
