# fd: f [0.7, 1.9]
# vjp of a scalar function: the pullback returns one cotangent per primal.
import math
from myia import vjp


def f(x, y):
    return math.sin(x) * y + y * y


def g(x):
    return x * x * x


def main():
    out, pb = vjp(f, 0.7, 1.9)
    print(out)
    print(pb(1.0))
    print(pb(2.5))
    out, pb = vjp(g, 2.0)
    print(out, pb(1.0), pb(-0.5))
