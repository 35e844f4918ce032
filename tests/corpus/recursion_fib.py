"""Fibonacci, recursive and iterative."""


def fib(n):
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)


def fib_iter(n):
    a, b = 0, 1
    for i in range(n):
        a, b = b, a + b
    return a


def main():
    for n in (0, 1, 2, 10, 20):
        print(n, fib(n), fib_iter(n))
    print(fib_iter(90))
