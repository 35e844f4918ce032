# error: 6:12: argument
"""A function value called with the wrong number of arguments."""


def apply(f, x):
    return f(x)


def add(a, b):
    return a + b


def main():
    print(apply(add, 1))
