# error: 6:12: tuple index out of range
"""A constant index past the end of a tuple: an IndexError when it runs, as in Python."""


def third(t):
    return t[2]


def main():
    print(third((1, 2)))
