"""Primes by trial division, and a few number-theoretic functions.

    myia run examples/primes.py
    myia run examples/primes.py --entry count_primes --args '[10000]'
"""


def is_prime(n):
    if n < 2:
        return False
    if n % 2 == 0:
        return n == 2
    d = 3
    while d * d <= n:
        if n % d == 0:
            return False
        d += 2
    return True


def count_primes(limit):
    count = 0
    for n in range(limit):
        if is_prime(n):
            count += 1
    return count


def gcd(a, b):
    while b != 0:
        a, b = b, a % b
    return a


def nth_prime(k):
    n = 1
    found = 0
    while found < k:
        n += 1
        if is_prime(n):
            found += 1
    return n


def main():
    total = 0
    for n in range(100):
        if is_prime(n):
            total += n
    print("sum of the primes below 100:", total)
    print("primes below 1000:", count_primes(1000))
    print("the 100th prime:", nth_prime(100))
    print("gcd(1071, 462) =", gcd(1071, 462))
