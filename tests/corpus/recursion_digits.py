"""Recursion on the digits of an integer."""


def digit_sum(n):
    if n < 10:
        return n
    return n % 10 + digit_sum(n // 10)


def reverse_digits(n, acc):
    if n == 0:
        return acc
    return reverse_digits(n // 10, acc * 10 + n % 10)


def digital_root(n):
    if n < 10:
        return n
    return digital_root(digit_sum(n))


def main():
    print(digit_sum(0), digit_sum(12345), digit_sum(999999999))
    print(reverse_digits(12345, 0), reverse_digits(1200, 0))
    print(digital_root(987654321), digital_root(5))
