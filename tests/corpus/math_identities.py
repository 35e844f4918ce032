"""Trigonometric and exponential identities hold to rounding error."""

import math


def close(a, b):
    return abs(a - b) <= 1e-12 * max(1.0, abs(a), abs(b))


def main():
    ok = True
    x = -3.0
    while x <= 3.0:
        s = math.sin(x)
        c = math.cos(x)
        ok = ok and close(s * s + c * c, 1.0)
        ok = ok and close(math.tan(x) * c, s)
        ok = ok and close(math.exp(x) * math.exp(-x), 1.0)
        ok = ok and close(math.tanh(x), (math.exp(2.0 * x) - 1.0) / (math.exp(2.0 * x) + 1.0))
        x += 0.25
    print(ok)
    print(close(math.log(math.e), 1.0), close(math.sqrt(2.0) ** 2, 2.0))
    print(close(math.exp(math.log(7.0)), 7.0), close(2.0 * math.sin(math.pi / 4.0) ** 2, 1.0))
