"""Factorials up to 20! fit in 64 bits."""


def fact(n):
    if n <= 1:
        return 1
    return n * fact(n - 1)


def fact_acc(n, acc):
    if n <= 1:
        return acc
    return fact_acc(n - 1, acc * n)


def main():
    print(fact(0), fact(5), fact(10))
    print(fact(20), fact_acc(20, 1))
    print(fact(20) // fact(18), fact(15) % 1000007)
    print(fact_acc(10, 1.0))
