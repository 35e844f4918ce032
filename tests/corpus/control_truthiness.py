"""Conditions on ints and floats use Python's truthiness."""


def count_down(n):
    steps = 0
    while n:
        n -= 1
        steps += 1
    return steps


def describe(x):
    if x:
        print(x, "is truthy")
    else:
        print(x, "is falsy")


def main():
    print(count_down(5), count_down(0))
    describe(3)
    describe(0)
    describe(0.0)
    describe(-2.5)
    print(bool(7), bool(0), bool(0.0), bool(0.1))
