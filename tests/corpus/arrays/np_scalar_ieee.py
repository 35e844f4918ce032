# fd: smooth [0.7]
# fd: smooth [1.3]
# numpy's math functions of a Python float follow numpy, not the math
# module: np.log(0.0) is -inf, np.log(-1.0) and np.sqrt(-1.0) nan,
# np.exp(1000.0) inf, np.sin(np.inf) nan, where math.log, math.sqrt,
# math.exp and math.sin raise (numpy also warns on stderr; myia does not).
# The same functions as values, in a loop over values not known at
# compile time, under grad at regular points, and of arrays.
import math
import numpy as np
from myia import grad


def smooth(x):
    a = np.log(x) + np.exp(x) * np.sqrt(x) - np.sin(x) * np.cos(x)
    return a + np.tan(x) + np.log1p(x) + np.expm1(x)


def edges(x):
    return (np.log(x), np.exp(x * 1000.0), np.sqrt(x), np.log1p(x - 1.0), np.expm1(x * 1000.0))


def trig(x):
    return (np.sin(x), np.cos(x), np.tan(x))


def main():
    print(np.log(0.0), np.exp(1000.0), np.sqrt(-1.0), np.log(-1.0))
    print(np.sin(np.inf), np.cos(-np.inf), np.log1p(-1.0), np.expm1(1000.0))
    for x in (0.0, -1.0, 4.0, np.inf, -np.inf, np.nan):
        print(edges(x))
    for x in (0.0, np.inf, -np.inf, np.nan):
        print(trig(x))
    for f in (np.log, np.sqrt, np.exp):
        print(f(-0.0), f(-2.0))
    m = np.log(0.0)
    print(m < -1e308, m + 1.0, -m, m * 0.0)
    print(math.log(1.0) + np.log(0.0), math.sqrt(4.0) + np.sqrt(-4.0))
    print(np.log(np.array([0.0, -1.0, 1.0])), np.sqrt(np.array([-4.0, 4.0])))
    print(np.exp(np.array([1000.0, 0.0])), np.sin(np.array([np.inf, 0.0])))
    print(smooth(0.7), grad(smooth)(0.7), grad(np.log)(2.0), grad(np.sqrt)(4.0))
