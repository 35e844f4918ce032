# error: 6:12: undefined name 'SCALE'
"""A default of a top-level def is evaluated where the def stands: a
constant assigned only after it is not defined yet (NameError)."""


def f(x, k=SCALE):
    return x * k


SCALE = 2


def main():
    print(f(1))
