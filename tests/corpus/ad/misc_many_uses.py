# fd: f [0.45]
# One value used by many operations: the gradient sums all the uses.
import math
from myia import grad


def f(x):
    a = x * x
    b = a + x
    c = a * b - math.sin(a) + b / (1.0 + a)
    return c * a + b * b + c


def main():
    print(grad(f)(0.45))
    print(grad(f)(-1.2))
