# error: 7:16: undefined name 'y'
"""A name that is never defined."""


def f(x):
    z = x + 1
    return z * y


def main():
    print(f(1))
