# error: 7:5: item assignment
"""Item assignment is outside the subset: lists are immutable."""


def main():
    xs = [1, 2, 3]
    xs[0] = 10
    print(xs)
