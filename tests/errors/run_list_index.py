# error: 6:12: index out of range
"""A list index out of range at run time."""


def at(xs, i):
    return xs[i]


def main():
    xs = [1.5, 2.5]
    print(at(xs, 1))
    print(at(xs, 2))
