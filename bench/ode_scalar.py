"""Scalar workloads for the native backends (docs/backends.md), as in
examples/ode_euler.py: explicit Euler steps of a damped oscillator, and a
recursive evaluation of depth 200. bench/c/ode_scalar.c is the same code
written by hand in C.

    myia run bench/ode_scalar.py
"""

import math

from myia import grad, jvp


def rhs(x, v, k, c):
    return (v, -k * x - c * v)


def euler(x0: float, v0: float, k: float, c: float, h: float, n: int):
    x = x0
    v = v0
    for _ in range(n):
        dx, dv = rhs(x, v, k, c)
        x = x + h * dx
        v = v + h * dv
    return x


def recur(x: float, d: int):
    if d == 0:
        return x
    return 0.5 * x + 0.5 * math.tanh(recur(x + 0.001, d - 1))


def euler_grad(x0: float, v0: float, k: float, c: float, h: float, n: int):
    """The gradient of euler with respect to its 4 parameters x0, v0, k, c."""
    return grad(euler, (0, 1, 2, 3))(x0, v0, k, c, h, n)


def recur_grad(x: float, d: int):
    return grad(recur)(x, d)


def euler_jvp(x0: float, v0: float, k: float, c: float, h: float, n: int):
    """euler and its directional derivative along (x0, v0, k, c) =
    (1, 0, 0.5, 0.2), by forward mode."""
    return jvp(euler, (x0, v0, k, c, h, n), (1.0, 0.0, 0.5, 0.2, 0.0, 0))


def recur_jvp(x: float, d: int):
    return jvp(recur, (x, d), (1.0, 0))


def main():
    print(euler(1.0, 0.0, 4.0, 0.1, 0.001, 10000))
    print(recur(0.5, 200))
    print(euler_grad(1.0, 0.0, 4.0, 0.1, 0.001, 10000))
    print(recur_grad(0.5, 200))
    print(euler_jvp(1.0, 0.0, 4.0, 0.1, 0.001, 10000))
    print(recur_jvp(0.5, 200))
