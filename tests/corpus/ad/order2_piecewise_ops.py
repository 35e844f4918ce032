# tol: 1e-4
# fd: d [1.3, 0.6]
# Second order through abs, min, max, % and // (away from their kinks).
from myia import grad


def f(x, y):
    return abs(x - 3.0) * x * x + max(x * y, 0.1) * x + min(x, y) * y + (x * x) % 2.5 + (x // 0.5) * x


def d(x, y):
    return grad(f)(x, y)


def main():
    print(grad(grad(f))(1.3, 0.6))
    print(grad(d, (0, 1))(1.3, 0.6))
