# fd: f [0.8]
# fd: g [1.3, 0.4]
# exp and log, alone and composed.
import math
from myia import grad


def e(x):
    return math.exp(x)


def l(x):
    return math.log(x)


def f(x):
    return math.exp(2.0 * x) * math.log(1.0 + x * x) - math.log(math.exp(x) + 1.0)


def g(x, y):
    return math.log(x * y + 2.0) + math.exp(x - y) * y


def main():
    for x in (-1.0, 0.5, 2.0):
        print(grad(e)(x), grad(l)(x + 1.5))
    print(grad(lambda x: math.exp(math.log(x)))(2.5))
    print(grad(lambda x: math.log(math.exp(x)))(2.5))
    print(grad(f)(0.8), grad(f)(-0.6))
    print(grad(g, (0, 1))(1.3, 0.4))
