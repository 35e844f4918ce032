# error: 6:12: argument
"""A builtin called with the wrong number of arguments."""


def magnitude(x):
    return abs(x, 2)


def main():
    print(magnitude(-3))
