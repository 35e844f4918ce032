# fd: f [1.5, -0.75]
# fd: f [-0.4, 2.0]
# Partial derivatives of a cubic in two variables.
from myia import grad


def f(x, y):
    return x * x * x * y - x * y * y + 2.0 * y - 5.0


def main():
    for x, y in ((1.5, -0.75), (-0.4, 2.0), (0.0, 0.0)):
        print("df/dx", grad(f)(x, y))
        print("df/dy", grad(f, 1)(x, y))
        print("both", grad(f, (0, 1))(x, y))
