# fd: f [0.8]
# Iterating over a list literal of values that depend on x.
import math
from myia import grad


def f(x):
    s = 0.0
    for v in [x, x * x, math.sin(x)]:
        s = s + v * v
    return s


def main():
    print(grad(f)(0.8))
