# error: 8:19: integer overflow
"""64-bit ints: a sum that does not fit is an error (not in CPython)."""


def fib_until(n):
    a, b = 0, 1
    for i in range(n):
        a, b = b, a + b
    return a


def main():
    print(fib_until(92))
    print(fib_until(100))
