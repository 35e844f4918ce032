# error: 11:11: jacrev(): argnums names argument 1 of f more than once
"""argnums naming one argument twice (1 and -1 of two)."""
from myia import jacrev


def f(x, y):
    return x * y


def main():
    print(jacrev(f, (1, -1))(1.0, 2.0))
