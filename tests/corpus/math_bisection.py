"""Bisection on polynomials, and on cos(x) - x with a rounded print."""

import math


def bisect(f, lo, hi, iters):
    for i in range(iters):
        mid = 0.5 * (lo + hi)
        if (f(lo) < 0.0) == (f(mid) < 0.0):
            lo = mid
        else:
            hi = mid
    return 0.5 * (lo + hi)


def main():
    r = bisect(lambda x: x * x * x - x - 2.0, 1.0, 2.0, 60)
    print(r)
    print(bisect(lambda x: x * x - 2.0, 0.0, 2.0, 50))
    print(bisect(lambda x: x - 0.75, 0.0, 1.0, 10))
    d = bisect(lambda x: math.cos(x) - x, 0.0, 1.0, 30)
    print(int(d * 1e6), abs(math.cos(d) - d) < 1e-8)
