# error: 11:19: no parameter named 'z'
"""grad by the name of a parameter that does not exist."""
from myia import grad


def f(x, y):
    return x * y


def main():
    print(grad(f, 'z')(1.0, 2.0))
