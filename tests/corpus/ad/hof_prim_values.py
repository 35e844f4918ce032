# fd: f [0.7]
# Gradients through function values that may be one of several
# primitives (and functions): a loop over math and numpy functions, one
# picked at run time, passed to a function that differentiates it.
import math

import numpy as np
from myia import grad, value_and_grad


def square(x):
    return x * x


def d(f, x):
    return grad(f)(x)


def f(x):
    s = 0.0
    for g in (math.exp, math.tanh, square, math.sin):
        s = s + g(x) * x
    return s


def main():
    for g in (math.exp, math.log, math.sqrt, math.tanh, abs, math.cos):
        print(grad(lambda v: g(v) * v)(0.7), d(g, 2.0))
    for k in range(3):
        h = (math.sin, square, math.exp)[k]
        print(k, value_and_grad(lambda v: h(h(v)))(0.5))
    print(f(0.7), grad(f)(0.7))
    for g in (np.exp, np.tanh, np.sqrt, np.log1p, np.abs):
        dv = grad(lambda v: np.sum(g(v) * v))(np.array([0.25, 1.0, 4.0]))
        print(dv[0], dv[1], dv[2])
