# fd: f [1.2]
# fd: norm [3.0, -4.0]
# sqrt: 1 / (2 sqrt x), through norms and reciprocals.
import math
from myia import grad


def s(x):
    return math.sqrt(x)


def f(x):
    return math.sqrt(x * x + 1.0) + 1.0 / math.sqrt(x + 2.0)


def norm(x, y):
    return math.sqrt(x * x + y * y)


def main():
    for x in (0.25, 1.0, 4.0, 9.0):
        print(grad(s)(x))
    print(grad(f)(1.2), grad(f)(-0.5))
    print(grad(norm, (0, 1))(3.0, -4.0))
