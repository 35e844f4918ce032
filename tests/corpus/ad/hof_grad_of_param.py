# fd: slope_sum [0.9]
# grad of a function received as a parameter (called at once), inside a
# differentiated function.
import math
from myia import grad


def deriv_at(fn, x):
    return grad(fn)(x)


def slope_sum(x):
    return deriv_at(math.sin, x) + deriv_at(lambda t: t * t * x, 1.0)


def main():
    print(deriv_at(math.exp, 0.5))
    print(deriv_at(math.tanh, 0.25))
    print(slope_sum(0.9), grad(slope_sum)(0.9))
