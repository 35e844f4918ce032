"""Builtins and math functions passed as values."""

import math


def apply1(f, x):
    return f(x)


def apply2(f, a, b):
    return f(a, b)


def choose(use_max):
    return max if use_max else min


def main():
    print(apply1(abs, -3), apply1(abs, -2.5), apply1(float, 7))
    print(apply2(max, 3, 8), apply2(min, 3, 8), apply2(max, 1.5, -1.5))
    print(apply1(math.sqrt, 16.0), apply1(math.sin, 0.0), apply1(math.exp, 0.0))
    print(choose(True)(4, 9), choose(False)(4, 9))
    print(apply1(int, 3.9), apply1(int, -3.9), apply1(bool, 0))
    print(apply1(len, (1, 2, 3)), apply1(sum, [1, 2, 3]))
