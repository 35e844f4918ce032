# fd: f [1.25]
# fd: f [-2.5]
# A quadratic: f(x) = 3x^2 - 2x + 1, f'(x) = 6x - 2.
from myia import grad, value_and_grad


def f(x):
    return 3.0 * x * x - 2.0 * x + 1.0


def main():
    for x in (-2.0, -0.5, 0.0, 1.0 / 3.0, 1.25, 4.0):
        print("x", x, "f'", grad(f)(x))
    print("value_and_grad", value_and_grad(f)(2.0))
