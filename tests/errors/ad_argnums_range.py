# error: 11:11: argnums 2 is out of range
"""argnums beyond the function's parameters."""
from myia import grad


def f(x, y):
    return x * y


def main():
    print(grad(f, 2)(1.0, 2.0))
