"""Numerical integration with Simpson's rule."""

import math


def simpson(f, a, b, n):
    h = (b - a) / n
    s = f(a) + f(b)
    for i in range(1, n):
        x = a + i * h
        if i % 2 == 1:
            s += 4.0 * f(x)
        else:
            s += 2.0 * f(x)
    return s * h / 3.0


def main():
    print(simpson(lambda x: x * x, 0.0, 3.0, 6))
    print(simpson(lambda x: x * x * x, 0.0, 2.0, 4))
    print(simpson(lambda x: 1.0, 0.0, 1.0, 2))
    s = simpson(math.sin, 0.0, math.pi, 100)
    print(abs(s - 2.0) < 1e-7, int(s * 1e6))
    g = simpson(lambda x: math.exp(-x * x), 0.0, 1.0, 50)
    print(int(g * 1e8))
