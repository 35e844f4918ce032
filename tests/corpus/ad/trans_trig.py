# fd: f [0.7]
# fd: g [0.3, 1.1]
# sin, cos and tan.
import math
from myia import grad


def s(x):
    return math.sin(x)


def c(x):
    return math.cos(x)


def t(x):
    return math.tan(x)


def f(x):
    return math.sin(x) * math.cos(2.0 * x) + math.tan(x / 2.0)


def g(x, y):
    return math.sin(x * y) - math.cos(x + y) * math.tan(y - x)


def main():
    for x in (-1.2, 0.0, 0.7, 1.4):
        print(grad(s)(x), grad(c)(x), grad(t)(x))
    print(grad(f)(0.7))
    print(grad(g, (0, 1))(0.3, 1.1))
