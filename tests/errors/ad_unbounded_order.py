# error: 19:15: nested more than 5 deep
"""A recursion that takes derivatives with a depth known only at run
time: the AD transform would nest without end (it ran out of memory);
it stops at ad.MaxOrder with an error."""
from myia import grad


def deriv(f):
    return lambda x: grad(f)(x)


def nth(f, n, x):
    if n == 0:
        return f(x)
    return nth(deriv(f), n - 1, x)


def main():
    print(nth(lambda x: x * x * x, 2, 1.5))
