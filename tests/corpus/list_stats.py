"""Simple statistics over lists with sum, len, min and max."""


def mean(xs):
    return sum(xs) / len(xs)


def variance(xs):
    m = mean(xs)
    s = 0.0
    for x in xs:
        s += (x - m) * (x - m)
    return s / len(xs)


def main():
    xs = [2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0]
    print(mean(xs), variance(xs))
    print(min(xs), max(xs), sum(xs))
    ns = [1, 2, 3, 4]
    print(mean(ns), variance(ns), sum(ns), min(ns), max(ns))
