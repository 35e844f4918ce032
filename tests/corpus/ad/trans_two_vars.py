# fd: f [0.5, 1.5]
# fd: f [-0.3, 0.8]
# Transcendental functions of two variables.
import math
from myia import grad, value_and_grad


def f(x, y):
    return math.exp(x * y) + math.log(x + y + 2.0) + math.sin(x) * math.cos(y) + math.sqrt(x * x + y * y + 1.0)


def main():
    print(value_and_grad(f, (0, 1))(0.5, 1.5))
    print(value_and_grad(f, (0, 1))(-0.3, 0.8))
