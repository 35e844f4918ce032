# error: 8:12: forward mode (jvp, jacfwd) cannot differentiate through the grad of a function value made at run time
"""jvp over the grad of a function value: forward mode has the function's
JF transform and would need JF of its J."""
from myia import grad, jvp


def deriv_at(fn, y):
    return grad(fn)(y)


def h(x):
    return deriv_at(lambda t: t * t * x, 1.0)


def main():
    print(jvp(h, (0.9,), (1.0,)))
