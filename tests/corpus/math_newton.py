"""Newton's method for square roots, cube roots and a polynomial root."""


def newton(f, df, x, steps):
    for i in range(steps):
        x = x - f(x) / df(x)
    return x


def sqrt(a):
    return newton(lambda x: x * x - a, lambda x: 2.0 * x, a, 40)


def cbrt(a):
    return newton(lambda x: x * x * x - a, lambda x: 3.0 * x * x, a, 60)


def main():
    print(sqrt(2.0), sqrt(9.0), sqrt(1e+10))
    print(cbrt(27.0), cbrt(2.0))
    r = newton(lambda x: x * x * x - 2.0 * x - 5.0, lambda x: 3.0 * x * x - 2.0, 2.0, 20)
    print(r, r * r * r - 2.0 * r - 5.0)
    print(abs(sqrt(2.0) * sqrt(2.0) - 2.0) < 1e-15)
