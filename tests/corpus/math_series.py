"""Partial sums of series for e and pi, compared with math.e and math.pi."""

import math


def e_series(n):
    term = 1.0
    s = 1.0
    for k in range(1, n):
        term = term / k
        s += term
    return s


def leibniz(n):
    s = 0.0
    sign = 1.0
    for k in range(n):
        s += sign / (2 * k + 1)
        sign = -sign
    return s


def main():
    print(e_series(5), e_series(20))
    print(e_series(20) - math.e)
    print(4.0 * leibniz(1000))
    print(abs(4.0 * leibniz(100000) - math.pi) < 1e-4)
    print(math.pi - 3.0, math.e * 2.0)
