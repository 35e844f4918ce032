"""Euler's method on two ODEs: exponential decay and a harmonic oscillator.

    myia run examples/ode_euler.py
"""

import math


def euler(f, y0, t0, t1, n):
    """Integrates y' = f(t, y) from t0 to t1 in n steps; y may be a tuple."""
    h = (t1 - t0) / n
    y = y0
    t = t0
    for _ in range(n):
        y = f(t, y, h)
        t = t + h
    return y


def decay(k):
    def step(t, y, h):
        return y + h * (-k * y)
    return step


def oscillator(t, state, h):
    x, v = state
    # semi-implicit Euler: update v first, then x with the new v
    v = v - h * x
    x = x + h * v
    return (x, v)


def main():
    for n in (10, 100, 1000):
        y = euler(decay(0.5), 1.0, 0.0, 2.0, n)
        print("decay n =", n, "y(2) =", y, "error =", abs(y - math.exp(-1.0)))
    x, v = euler(oscillator, (1.0, 0.0), 0.0, 2.0 * math.pi, 1000)
    print("oscillator after one period:", x, v)
