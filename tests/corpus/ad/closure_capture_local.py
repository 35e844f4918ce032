# fd: f [0.9]
# A closure capturing locals computed from the parameters.
import math
from myia import grad


def f(x):
    a = x * x
    b = math.sin(x)
    def h(y):
        return a * y + b
    c = h(3.0)
    def k(y):
        return c * y + h(y)
    return k(x) + c


def main():
    for x in (-0.4, 0.9, 2.0):
        print(grad(f)(x))
