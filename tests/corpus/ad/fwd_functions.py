# fd: tangent_power [1.3]
# fd: tangent_apply [0.6]
# Forward mode through recursion, mutual recursion, closures that
# capture data and functions, functions passed as arguments and returned
# from functions.
import math
from myia import jvp, jacfwd


def power(x, n):
    if n == 0:
        return 1.0
    return x * power(x, n - 1)


def is_even_sum(x, n):
    if n == 0:
        return x
    return is_odd_sum(x * 1.5, n - 1) + 1.0


def is_odd_sum(x, n):
    if n == 0:
        return -x
    return is_even_sum(math.sin(x), n - 1)


def make_scaler(a):
    return lambda x: a * x * x


def apply_n(f, x, n):
    for i in range(n):
        x = f(x)
    return x


def compose(f, g):
    return lambda x: f(g(x))


def tangent_power(x):
    return jvp(lambda y: power(y, 4), (x,), (1.0,))[1]


def tangent_compose(x):
    h = compose(math.tanh, make_scaler(0.7))
    return jvp(h, (x,), (1.0,))[1]


def tangent_apply(x):
    return jvp(lambda y: apply_n(math.cos, y * y, 3), (x,), (1.0,))[1]


def main():
    print(jvp(power, (1.3, 5), (1.0, 0)))
    print(jvp(is_even_sum, (0.4, 5), (1.0, 0)))
    k = 2.5
    print(jvp(lambda x: math.sin(k * x) + k, (0.3,), (1.0,)))
    sq = make_scaler(3.0)
    print(jvp(sq, (1.5,), (1.0,)))
    print(jvp(lambda x: apply_n(math.cos, x, 4), (0.5,), (1.0,)))
    print(jvp(lambda x: apply_n(sq, x, 2), (0.5,), (1.0,)))
    print(jvp(apply_n, (make_scaler(0.5), 1.2, 3), (None, 1.0, 0)))
    h = compose(math.exp, lambda y: y * k)
    print(jvp(lambda x: h(x) * x, (0.2,), (1.0,)))
    print(jacfwd(lambda x: (power(x, 3), sq(x)))(0.9))
    print(tangent_power(1.3))
    print(tangent_compose(0.6))
    print(tangent_apply(0.6))
