# fd: f [1.2]
# Closures stored in a tuple, returned, and chosen by index later; a
# closure capturing another closure.
from myia import grad


def make(x):
    inc = lambda y: y + x
    dbl = lambda y: inc(y) * x
    return (inc, dbl)


def f(x):
    fs = make(x * x)
    a = fs[0](x)
    b = fs[1](2.0)
    return a * b


def main():
    print(grad(f)(1.2))
    print(grad(f)(-0.5))
