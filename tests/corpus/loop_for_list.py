"""for over lists."""


def total(xs):
    s = 0
    for x in xs:
        s += x
    return s


def largest(xs):
    best = xs[0]
    for x in xs:
        if x > best:
            best = x
    return best


def main():
    xs = [3, 1, 4, 1, 5, 9, 2, 6]
    print(total(xs), largest(xs), len(xs))
    ys = [0.5, -1.5, 2.25]
    print(largest(ys))
    for y in ys:
        print(y * 2.0)
    zs = xs + [100]
    print(total(zs), largest(zs))
