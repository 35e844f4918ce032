# fd: f [0.5, 2.0]
# Calling a gradient with keyword arguments.
from myia import grad, value_and_grad


def f(x, y):
    return x * x * y + y


def main():
    print(grad(f)(0.5, y=2.0))
    print(value_and_grad(f)(0.5, y=2.0))
    print(grad(f, argnums='y')(0.5, 2.0))
