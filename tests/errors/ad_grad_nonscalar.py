# error: 11:11: scalar
"""grad of a function whose output is a tuple."""
from myia import grad


def pair(x):
    return (x, x * 2.0)


def main():
    print(grad(pair)(1.0))
