# error: 6:12: missing 1 required positional argument
"""A function value called with too few arguments."""


def twice(f, x):
    return f(x)


def main():
    print(twice(lambda a, b: a + b, 1))
