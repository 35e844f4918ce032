# fd: f [0.3]
# fd: f [2.5]
# fd: f [-3.0]
# Several return points.
import math
from myia import grad


def f(x):
    if x < -2.0:
        return x * x
    y = math.sin(x)
    if x < 1.0:
        return y * x
    z = y + x * x
    if z > 5.0:
        return z / x
    return z * y


def main():
    for x in (-3.0, 0.3, 1.5, 2.5):
        print(grad(f)(x))
