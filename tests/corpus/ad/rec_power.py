# fd: power [1.3, 7]
# fd: fast_power [0.9, 13]
# A recursive power, and exponentiation by squaring.
from myia import grad


def power(x, n):
    if n == 0:
        return 1.0
    return x * power(x, n - 1)


def fast_power(x, n):
    if n == 0:
        return 1.0
    h = fast_power(x, n // 2)
    if n % 2 == 0:
        return h * h
    return h * h * x


def main():
    for n in (0, 1, 2, 7):
        print(n, grad(power)(1.3, n), n * 1.3 ** (n - 1) if n > 0 else 0.0)
    for n in (1, 4, 13):
        print(n, grad(fast_power)(0.9, n))
