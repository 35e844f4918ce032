# fd: loss [0.5, -0.5]
# Gradient descent on a smooth function of two variables.
import math
from myia import grad


def loss(a, b):
    return (a - 1.0) ** 2 + 2.0 * (b + 0.5) ** 2 + 0.1 * math.sin(a * b)


def main():
    a, b = 0.0, 0.0
    for step in range(100):
        ga, gb = grad(loss, (0, 1))(a, b)
        a = a - 0.1 * ga
        b = b - 0.1 * gb
    print(a, b, loss(a, b))
