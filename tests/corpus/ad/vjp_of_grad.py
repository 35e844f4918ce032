# tol: 1e-4
# fd: f [0.6]
# vjp of a gradient function: a second derivative.
import math
from myia import grad, vjp


def f(x):
    return math.sin(x) * x * x


def main():
    out, pb = vjp(grad(f), 0.6)
    print(out)
    print(pb(1.0))
    print(pb(2.0))
