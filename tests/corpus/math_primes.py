"""Primes by trial division."""


def is_prime(n):
    if n < 2:
        return False
    d = 2
    while d * d <= n:
        if n % d == 0:
            return False
        d += 1
    return True


def nth_prime(k):
    count = 0
    n = 1
    while count < k:
        n += 1
        if is_prime(n):
            count += 1
    return n


def main():
    ps = [2]
    for n in range(3, 50):
        if is_prime(n):
            ps = ps + [n]
    print(ps)
    print(len(ps), sum(ps))
    print(nth_prime(1), nth_prime(100), nth_prime(1000))
    print(is_prime(1), is_prime(97), is_prime(1000003), is_prime(1000001))
