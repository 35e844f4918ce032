"""Signed zeros through %, //, min/max (which keep the first of equals), math functions and conversions."""
import math


def main():
    print(5 % -5.0, -5 % 5.0, 0.0 % -3, -0.0 % -3)
    print(-5.0 // 5, 5.0 // -5, -0.0 // 1, 0.0 // -1)
    print(max(0.0, -0.0), max(-0.0, 0.0), min(0.0, -0.0), min(-0.0, 0.0))
    print(math.tanh(-0.0), math.sin(-0.0), math.sqrt(-0.0), math.tan(-0.0))
    print(-0.0 * 0, 0 * -0.0, -0.0 - 0.0, -0.0 + -0.0, 0.0 - 0.0)
    print(abs(-0.0), -(0.0), -(0), float(-0))
    print(int(-0.0), -0.0 == 0.0, -0.0 < 0.0)
    print(1 / -1e308 / 1e308)
