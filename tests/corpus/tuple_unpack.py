"""Unpacking, nested unpacking and swaps."""


def divmod_(a, b):
    return (a // b, a % b)


def stats(t):
    lo = min(t)
    hi = max(t)
    return (lo, hi), hi - lo


def main():
    q, r = divmod_(17, 5)
    print(q, r)
    a, (b, c) = (1, (2.5, True))
    print(a, b, c)
    x, y = 1, 2
    x, y = y, x
    print(x, y)
    (lo, hi), span = stats((4, 9, 1, 7))
    print(lo, hi, span)
    p, q2, r2 = (1, 2, 3)
    p, q2, r2 = r2, p, q2
    print(p, q2, r2)
    a1, a2 = (10, 20)
    print(a1 + a2)
    (m, n), (u, v) = (1, 2), (3, 4)
    print(m * v - n * u)
