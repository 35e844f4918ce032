"""Rational numbers as (numerator, denominator) pairs."""


def gcd(a, b):
    while b != 0:
        a, b = b, a % b
    return a


def norm(p, q):
    g = gcd(abs(p), abs(q))
    if q < 0:
        g = -g
    return (p // g, q // g)


def radd(x, y):
    return norm(x[0] * y[1] + y[0] * x[1], x[1] * y[1])


def rmul(x, y):
    return norm(x[0] * y[0], x[1] * y[1])


def main():
    print(norm(6, 8), norm(3, -9), norm(0, 5))
    h = (0, 1)
    for k in range(1, 11):
        h = radd(h, (1, k))
    print(h, h[0] / h[1])
    print(rmul((2, 3), (9, 4)), radd((1, 2), (-1, 2)))
