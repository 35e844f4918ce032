"""Tail-recursive loops deep enough to need care: depth 900 stays within
CPython's default limit."""


def count(n, acc):
    if n == 0:
        return acc
    return count(n - 1, acc + n)


def sum_down(n):
    if n == 0:
        return 0.0
    return 0.5 + sum_down(n - 1)


def main():
    print(count(900, 0))
    print(sum_down(900))
    print(count(10, 0), sum_down(1))
