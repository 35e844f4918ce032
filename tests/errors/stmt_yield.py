# error: 7:9: yield
"""Generators are outside the subset."""


def count_up(n):
    for i in range(n):
        yield i


def main():
    print(count_up(3))
