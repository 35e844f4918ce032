# fd: f [0.35]
# fd: f [-0.9]
# Deeply composed transcendental functions (every math function).
import math
from myia import grad


def f(x):
    a = math.sin(math.exp(math.cos(x)))
    b = math.log(2.0 + math.tanh(x * x))
    c = math.sqrt(1.0 + math.tan(x / 3.0) ** 2)
    return a * b + c


def main():
    for x in (-0.9, 0.0, 0.35, 1.1):
        print(f(x), grad(f)(x))
