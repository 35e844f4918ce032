# fd: poly [1.5]
# fd: scaled [0.5, 2.5]
# Gradients of function values taken from tuples and lists at run time:
# primitives, lambdas (two on one line), closures and top-level functions.
import math
from myia import grad, value_and_grad


def poly(x):
    return x * x * x - 2.0 * x


def scaled(x, a):
    return a * x * x


def apply_all(fs, x):
    out = 0.0
    for f in fs:
        out = out + grad(f)(x)
    return out


def pick(k, x):
    return grad((poly, math.sin, lambda y: y * y)[k])(x)


def main():
    a = 2.5

    def sq(x):
        return a * x * x

    for h in (math.cos, lambda x: x * x * a, sq, poly):
        print(grad(h)(1.5))
    fs = [lambda x: x * a, lambda x: x * x]
    for f in fs:
        print(value_and_grad(f)(3.0))
    gs = [poly, lambda x: scaled(x, a)]
    total = 0.0
    for g in gs:
        total = total + grad(g)(0.5)
    print(total)
    print(apply_all((math.sin, sq, lambda y: y * a), 0.5))
    for k in range(3):
        print(pick(k, 0.7))
