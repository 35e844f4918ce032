# error: 10:12: broadcast
"""A pullback given a cotangent of the wrong shape: the error is at the
user's operation whose adjoint fails (the adjoint is in the standard
library, which stays as a note)."""
import numpy as np
from myia import vjp


def f(x):
    return np.sin(x) * 2.0


def main():
    out, pb = vjp(f, np.ones(3))
    print(pb(np.ones(4)))
