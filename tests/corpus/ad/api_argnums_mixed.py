# fd: f [1.0, 2.0, 3.0]
# argnums as an int, a negative int, a tuple mixing both, and a
# parameter name, with grad and value_and_grad.
import math
from myia import grad, value_and_grad


def f(x, y, z):
    return x * y * y + math.sin(z) * x


def main():
    print(grad(f)(1.0, 2.0, 3.0))
    print(grad(f, 1)(1.0, 2.0, 3.0))
    print(grad(f, -1)(1.0, 2.0, 3.0))
    print(grad(f, (0, 2))(1.0, 2.0, 3.0))
    print(grad(f, (-1, 0))(1.0, 2.0, 3.0))
    print(grad(f, 'y')(1.0, 2.0, 3.0))
    print(value_and_grad(f, (1, -3))(1.0, 2.0, 3.0))
    print(value_and_grad(f, argnums=2)(1.0, 2.0, 3.0))
    print(grad(f, argnums=(2,))(1.0, 2.0, 3.0))
