# error: 11:1: scale is defined both as a function and as a constant
"""A top-level name bound by a def and then by a constant assignment:
CPython's last binding wins, myia rejects it as it rejects a def
defined twice (it used to read the def)."""


def scale(x):
    return 2 * x


scale = 3


def main():
    print(scale)
