"""Recursions that build trees as nested tuples, with two and three
recursive calls: each depth is its own type, and inference must not
spend time exponential in the depth it tries."""


def build3(n):
    if n == 0:
        return None
    return (build3(n - 1), build3(n - 1), build3(n - 1))


def build(n):
    if n == 0:
        return None
    return (build(n - 1), n, build(n - 1))


def total(t):
    if t is None:
        return 0
    return total(t[0]) + t[1] + total(t[2])


def main():
    print(build3(1))
    print(build3(2))
    print(total(build(6)), total(build(10)))
