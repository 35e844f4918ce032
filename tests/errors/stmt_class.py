# error: 5:1: class
"""Classes are outside the subset."""


class Point:
    pass


def main():
    print(1)
