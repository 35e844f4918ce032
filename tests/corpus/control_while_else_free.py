"""while loops with compound conditions and state in several variables."""


def digits(n):
    count = 0
    while n > 0 or count == 0:
        n = n // 10
        count += 1
    return count


def isqrt(n):
    lo = 0
    hi = n + 1
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if mid * mid <= n:
            lo = mid
        else:
            hi = mid
    return lo


def main():
    print(digits(0), digits(7), digits(12345), digits(1000000))
    print(isqrt(0), isqrt(15), isqrt(16), isqrt(1000000007))
    a = 0
    b = 1
    while b < 1000 and not (a > 100 and b % 2 == 0):
        a, b = b, a + b
    print(a, b)
