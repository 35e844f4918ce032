"""The math module: constants, exact cases, and values rounded to 9 decimals
(libm implementations may differ in the last bit)."""

import math


def r9(x):
    return int(x * 1e9 + (0.5 if x >= 0.0 else -0.5)) / 1e9


def main():
    print(math.pi, math.e)
    print(math.sqrt(2.0), math.sqrt(16.0), math.sqrt(0.25))
    print(math.exp(0.0), math.log(1.0), math.sin(0.0), math.cos(0.0), math.tan(0.0), math.tanh(0.0))
    print(r9(math.exp(1.5)), r9(math.log(10.0)), r9(math.exp(-2.0)))
    print(r9(math.sin(1.0)), r9(math.cos(1.0)), r9(math.tan(0.5)))
    print(r9(math.tanh(0.5)), r9(math.tanh(-3.0)))
    print(r9(math.sin(math.pi / 6.0)), r9(math.cos(math.pi / 3.0)))
    print(abs(math.log(math.exp(2.5)) - 2.5) < 1e-12)
