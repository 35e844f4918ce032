# error: 7:12: grad() of f: f may take 1 or 2 arguments here
"""One gradient made in deriv for functions of different arities."""
from myia import grad


def deriv(f):
    return grad(f)


def main():
    print(deriv(lambda x: x * x)(1.0))
    print(deriv(lambda x, y: x * y)(1.0, 2.0))
