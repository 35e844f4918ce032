# fd: f [0.3]
# grad of builtins and math functions directly.
import math
from myia import grad


def f(x):
    return grad(math.exp)(x) + grad(math.tanh)(x)


def main():
    print(grad(math.sin)(0.3), grad(math.cos)(0.3), grad(math.sqrt)(4.0))
    print(grad(math.log)(2.0), grad(math.tan)(0.3), grad(abs)(-2.0))
    print(grad(max, (0, 1))(1.0, 2.0), grad(min, (0, 1))(1.0, 2.0))
    print(f(0.3))
