"""for over tuples."""

PRIMES = (2, 3, 5, 7, 11, 13)


def product(t):
    p = 1
    for x in t:
        p *= x
    return p


def mean(t):
    s = 0.0
    for x in t:
        s += x
    return s / len(t)


def main():
    print(product(PRIMES), product((4,)), product(()))
    print(mean((1.0, 2.0, 4.5)), mean((0.25, 0.75)))
    for p in (10, 20, 30):
        print(p // 10)
    count = 0
    for p in PRIMES:
        if p > 4:
            count += 1
    print(count)
