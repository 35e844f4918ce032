# fd: f [-1.3, 0.4]
# fd: f [1.8, 2.5]
# abs, min and max, away from their kinks.
from myia import grad


def babs(x):
    return abs(x) * x


def bmin(x, y):
    return min(x, y)


def bmax(x, y):
    return max(x, y)


def f(x, y):
    return abs(x * y - 1.0) + max(x, y) * min(x * x, 2.0 * y) + min(x, y, 0.25)


def main():
    print(grad(babs)(-2.0), grad(babs)(3.0))
    print(grad(bmin, (0, 1))(1.0, 2.0), grad(bmin, (0, 1))(3.0, 2.0))
    print(grad(bmax, (0, 1))(1.0, 2.0), grad(bmax, (0, 1))(3.0, 2.0))
    print(grad(lambda x: max(x, 2.0))(3.5), grad(lambda x: min(1.0, x))(3.5))
    print(grad(f, (0, 1))(-1.3, 0.4))
    print(grad(f, (0, 1))(1.8, 2.5))
