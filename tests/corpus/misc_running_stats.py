"""Welford's running mean and variance."""


def welford(xs):
    n = 0
    mean = 0.0
    m2 = 0.0
    for x in xs:
        n += 1
        delta = x - mean
        mean += delta / n
        m2 += delta * (x - mean)
    return (n, mean, m2 / n)


def main():
    print(welford((2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0)))
    print(welford([1.0, 2.0, 3.0]))
    print(welford((10.0,)))
