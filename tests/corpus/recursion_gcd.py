"""Euclid's algorithm, recursive, and the least common multiple."""


def gcd(a, b):
    if b == 0:
        return a
    return gcd(b, a % b)


def lcm(a, b):
    return a // gcd(a, b) * b


def lcm_upto(n):
    acc = 1
    for k in range(2, n + 1):
        acc = lcm(acc, k)
    return acc


def main():
    print(gcd(48, 18), gcd(17, 5), gcd(0, 9), gcd(9, 0))
    print(gcd(1071, 462), gcd(2 ** 40, 6 ** 20))
    print(lcm(4, 6), lcm(21, 6))
    print(lcm_upto(10), lcm_upto(20))
