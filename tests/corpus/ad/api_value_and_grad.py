# fd: f [0.6, 1.4]
# value_and_grad returns (value, gradient), with a tuple for several argnums.
import math
from myia import value_and_grad


def f(x, y):
    return math.log(x + y) * x - y


def main():
    print(value_and_grad(f)(0.6, 1.4))
    print(value_and_grad(f, 1)(0.6, 1.4))
    v, g = value_and_grad(f, (0, 1))(0.6, 1.4)
    gx, gy = g
    print(v, gx, gy)
    print(value_and_grad(lambda t: t * t)(3.0))
