# tol: 1e-4
# fd: d1 [1.5]
# Second derivatives of polynomials.
from myia import grad


def f(x):
    return x ** 4 - 3.0 * x ** 3 + 2.0 * x * x - x + 7.0


def d1(x):
    return grad(f)(x)


def main():
    for x in (-1.0, 0.0, 0.5, 1.5, 3.0):
        print(grad(f)(x), grad(grad(f))(x), 12.0 * x * x - 18.0 * x + 4.0)
    print(grad(d1)(1.5))
