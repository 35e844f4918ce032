# tol: 1e-4
# fd: df [0.8]
# fd: df [-1.2]
# Second order through an if.
import math
from myia import grad


def f(x):
    if x > 0.0:
        return x * x * x + math.sin(x)
    return x * x * math.exp(x)


def df(x):
    return grad(f)(x)


def main():
    for x in (-1.2, -0.3, 0.8, 2.0):
        print(grad(df)(x), grad(grad(f))(x))
