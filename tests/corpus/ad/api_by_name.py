# fd: f [1.5, 0.25]
# grad by parameter name.
import math
from myia import grad, value_and_grad


def f(x, y):
    return math.exp(x * y) + x / (1.0 + y * y)


def main():
    print(grad(f, 'x')(1.5, 0.25), grad(f, 0)(1.5, 0.25))
    print(grad(f, 'y')(1.5, 0.25), grad(f, 1)(1.5, 0.25))
    print(value_and_grad(f, 'y')(1.5, 0.25))
