# fd: g [0.3, 0.8]
# vjp with a nested tuple output.
import math
from myia import vjp


def f(x, y):
    return ((math.exp(x), x * y), math.cos(y))


def g(x, y):
    a, b = f(x, y)
    return a[0] - a[1] * 3.0 + b * 0.5


def main():
    out, pb = vjp(f, 0.3, 0.8)
    print(out)
    print(pb(((1.0, 0.0), 0.0)))
    print(pb(((0.0, 1.0), 0.0)))
    print(pb(((1.0, -3.0), 0.5)))
