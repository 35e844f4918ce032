# tol: 1e-4
# fd: f [0.4]
# A derivative operator written as a higher-order function, applied to
# itself.
import math
from myia import grad


def deriv(fn):
    return lambda x: grad(fn)(x)


def f(x):
    return math.exp(x) * math.sin(x)


def main():
    d1 = deriv(f)
    d2 = deriv(d1)
    print(d1(0.4), d2(0.4))
    print(deriv(deriv(math.sin))(0.4), -math.sin(0.4))
