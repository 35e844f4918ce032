# error: 6:5: cannot unpack non-iterable int object
"""Unpacking an int."""


def main():
    a, b = 5
    print(a, b)
