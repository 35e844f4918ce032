# tol: 1e-3
# fd: d2 [1.3]
# Third derivatives of polynomials: d3/dx3 (x^5 - 2x^4 + x^3) = 60x^2 - 48x + 6.
from myia import grad


def f(x):
    return x ** 5 - 2.0 * x ** 4 + x ** 3 + 4.0 * x


def d2(x):
    return grad(grad(f))(x)


def main():
    for x in (-1.0, 0.5, 1.3):
        print(grad(grad(grad(f)))(x), 60.0 * x * x - 48.0 * x + 6.0)
    print(grad(d2)(1.3))
