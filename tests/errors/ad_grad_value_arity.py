# error: 8:12: grad() of a function value needs to be called at once
"""The gradient of a function value whose arity the function cannot tell:
returned, not called."""
from myia import grad


def derivative(f):
    return grad(f)


def main():
    print(derivative(abs)(2.0))
