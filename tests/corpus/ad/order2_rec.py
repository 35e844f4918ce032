# tol: 1e-4
# fd: dpow [1.1, 5]
# Second order through recursion: d^2/dx^2 x^n = n (n - 1) x^(n-2).
from myia import grad


def power(x, n):
    if n == 0:
        return 1.0
    return x * power(x, n - 1)


def dpow(x, n):
    return grad(power)(x, n)


def main():
    for n in (1, 2, 5):
        print(n, grad(grad(power))(1.1, n), n * (n - 1) * 1.1 ** (n - 2) if n > 1 else 0.0)
    print(grad(dpow)(1.1, 5))
