# error: 11:16: not supported
"""Star-unpacking in a call is outside the subset."""


def add3(a, b, c):
    return a + b + c


def main():
    t = (1, 2, 3)
    print(add3(*t))
