"""A sorting network on 4-tuples and 5-tuples of numbers."""


def cswap(t, i, j):
    """Order positions i < j of a 4-tuple."""
    if t[i] <= t[j]:
        return t
    a = t[i]
    b = t[j]
    if i == 0 and j == 1:
        return (b, a, t[2], t[3])
    if i == 0 and j == 2:
        return (b, t[1], a, t[3])
    if i == 0 and j == 3:
        return (b, t[1], t[2], a)
    if i == 1 and j == 2:
        return (t[0], b, a, t[3])
    if i == 1 and j == 3:
        return (t[0], b, t[2], a)
    return (t[0], t[1], b, a)


def sort4(t):
    t = cswap(t, 0, 1)
    t = cswap(t, 2, 3)
    t = cswap(t, 0, 2)
    t = cswap(t, 1, 3)
    t = cswap(t, 1, 2)
    return t


def sort2(a, b):
    return (a, b) if a <= b else (b, a)


def sort3(a, b, c):
    a, b = sort2(a, b)
    b, c = sort2(b, c)
    a, b = sort2(a, b)
    return (a, b, c)


def main():
    print(sort4((4, 3, 2, 1)), sort4((1, 2, 3, 4)), sort4((3, 1, 4, 1)))
    print(sort4((2.5, -1.0, 0.0, 2.0)))
    print(sort3(3, 1, 2), sort3(1, 1, 0), sort3(0.5, 0.25, 0.75))
    ok = True
    for a in range(3):
        for b in range(3):
            for c in range(3):
                for d in range(3):
                    s = sort4((a, b, c, d))
                    ok = ok and s[0] <= s[1] <= s[2] <= s[3]
    print(ok)
