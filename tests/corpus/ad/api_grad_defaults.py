# fd: f [0.8, 3.0]
# Gradients of functions with default parameter values, called with and
# without the defaulted arguments.
from myia import grad


def f(x, k=2.0):
    return k * x * x


def main():
    print(grad(f)(0.8))
    print(grad(f)(0.8, 3.0))
    print(grad(f, 1)(0.8, 3.0))
    print(grad(f, (0, 1))(0.8, 3.0))
