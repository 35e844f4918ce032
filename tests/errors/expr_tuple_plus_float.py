# error: 6:12: cannot add
"""An operator applied to the wrong types."""


def shift(t, d):
    return t + d


def main():
    print(shift((1.0, 2.0), 0.5))
