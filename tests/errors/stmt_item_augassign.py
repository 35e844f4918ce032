# error: 7:5: item assignment
"""Augmented item assignment mutates too."""


def main():
    xs = [1, 2, 3]
    xs[1] += 1
    print(xs)
