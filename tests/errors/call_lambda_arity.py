# error: 7:11: argument
"""A lambda called with the wrong number of arguments."""


def main():
    f = lambda a, b: a * b
    print(f(2))
