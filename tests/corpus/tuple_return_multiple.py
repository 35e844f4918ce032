"""Functions returning several values as a tuple."""


def min_max_mean(t):
    lo = t[0]
    hi = t[0]
    s = 0.0
    for x in t:
        if x < lo:
            lo = x
        if x > hi:
            hi = x
        s += x
    return lo, hi, s / len(t)


def fib_pair(n):
    if n == 0:
        return (0, 1)
    a, b = fib_pair(n - 1)
    return (b, a + b)


def main():
    print(min_max_mean((3.0, 1.0, 4.0, 1.5)))
    lo, hi, mean = min_max_mean((2.0, 8.0))
    print(lo, hi, mean)
    print(fib_pair(10), fib_pair(0)[0], fib_pair(30)[1])
