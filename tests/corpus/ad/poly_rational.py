# fd: f [1.5]
# fd: g [0.3, -1.2]
# Quotients: (x^2 + 1) / (x - 3) and a ratio of two variables.
from myia import grad


def f(x):
    return (x * x + 1.0) / (x - 3.0)


def df(x):
    return (x * x - 6.0 * x - 1.0) / ((x - 3.0) * (x - 3.0))


def g(x, y):
    return (x - y) / (x * x + y * y + 1.0)


def main():
    for x in (-2.0, 0.0, 1.5, 5.0):
        print(grad(f)(x), df(x))
    print(grad(g, (0, 1))(0.3, -1.2))
