# error: 8:12: grad() of a function value needs to be called at once
"""The gradient of a function value whose arity the function cannot tell:
derivative itself is passed as a value, so its callers are not known."""
from myia import grad


def derivative(f):
    return grad(f)


def apply(d, f, x):
    return d(f)(x)


def main():
    print(apply(derivative, abs, 2.0))
