# error: 6:12: division by zero
"""True division of ints by zero, inside a nested call."""


def ratio(a, b):
    return a / b


def average(total, count):
    return ratio(total, count)


def main():
    print(average(10, 2))
    print(average(10, 0))
