"""Higher derivatives of a loop w.r.t. one float (docs/ad.md, "Which
mode"): grad(grad(f)) and grad(grad(grad(f))) are forward mode over
forward mode, and compile natively.

    myia run bench/higher_order.py
    myia run bench/higher_order.py --entry d3 --args '[0.7, 1000]' --bench 100 --backend c
"""

import math

from myia import grad


def f(x: float, n: int):
    s = 0.0
    for i in range(n):
        s = s + math.sin(x * s + 0.001 * i) * 0.5 + x * 0.01
    return s


def d1(x: float, n: int):
    return grad(f)(x, n)


def d2(x: float, n: int):
    return grad(grad(f))(x, n)


def d3(x: float, n: int):
    return grad(grad(grad(f)))(x, n)


def main():
    print(f(0.7, 1000), d1(0.7, 1000), d2(0.7, 1000), d3(0.7, 1000))
