# tol: 1e-3
# fd: d2 [0.7]
# Third derivatives of sin, exp and a product.
import math
from myia import grad


def s(x):
    return math.sin(x)


def e(x):
    return math.exp(2.0 * x)


def p(x):
    return x * math.exp(x)


def d2(x):
    return grad(grad(p))(x)


def main():
    for x in (0.2, 0.7):
        print(grad(grad(grad(s)))(x), -math.cos(x))
        print(grad(grad(grad(e)))(x), 8.0 * math.exp(2.0 * x))
        print(grad(grad(grad(p)))(x), (x + 3.0) * math.exp(x))
