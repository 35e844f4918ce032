# fd: fib [0.5, 1.5, 8]
# fd: fibx [1.1]
# A fib-shaped recursion carrying floats: fib(a, b, n) = fib(a, b, n-1) + fib(a, b, n-2).
from myia import grad


def fib(a, b, n):
    if n == 0:
        return a
    if n == 1:
        return b
    return fib(a, b, n - 1) + fib(a, b, n - 2)


def fibx(x):
    # with x in both seeds and a product at each step
    return fib(x, x * x, 6) * x


def main():
    for n in (0, 1, 2, 5, 8):
        print(n, grad(fib, (0, 1, 2))(0.5, 1.5, n))
    print(grad(fibx)(1.1))
