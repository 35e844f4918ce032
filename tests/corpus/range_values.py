"""Range values: made, passed, returned, stored in tuples and lists,
indexed (negative indices too), sliced, iterated, compared, printed."""


def span(n, k):
    return range(n, 10 * n, k)


def total(r):
    s = 0
    for x in r:
        s += x
    return s


def pick(r, i):
    return r[i]


def shrink(r):
    return r[1:-1]


def main():
    r = range(2, 20, 3)
    print(r, range(10), range(5, -5, -2), range(0), range(3, 1))
    print(len(r), len(range(10, 0)), len(range(5, -5, -2)), len(range(-7, 7, 5)))
    print(r[0], r[-1], r[2], range(10, 0, -3)[-2])
    print(5 in r, 8 in r, 20 in r, 2.0 in r, 2.5 in r, True in range(2), -3 in range(5, -5, -2))
    print((r, 1), [range(1), range(2)])
    s = span(3, 4)
    print(s, len(s), total(s), pick(s, -1))
    print(total(range(5)), total(range(10, 0, -3)), total(range(0)))
    print(r[1:], r[::-1], r[::2], r[1:4], r[10:], r[-2:], range(10)[3:9:2], range(10)[8:2:-2])
    print(shrink(range(7)), shrink(range(2)), range(-3, 9, 4)[::-1])
    n = len(r)
    print(r[n - 1:0:-1], r[:n // 2])
    for k in range(4):
        q = span(k + 1, k + 2)
        print(q, q[k], q[-k - 1], q[k:], q[k + 1::-1], k * 3 + 1 in q, len(q))
    for i, x in enumerate(range(4, 0, -1)):
        print(i, x)
    for a, b in zip(range(3), (1.5, 2.5, 3.5)):
        print(a, b)
    print(bool(range(0)), bool(range(3)), not range(0))
    if range(1, 1):
        print("nonempty")
    else:
        print("empty")
    print(range(0, 3) == range(3), range(0) == range(4, 2), range(1, 6, 2) == range(1, 7, 2))
    print(r != range(2, 20, 3), r == range(2, 21, 3), range(5) == (0, 1, 2, 3, 4), range(2) != 1)
    t = (range(3), range(1, 4))
    u, v = t
    print(u, v, len(v), v[1], t == (range(0, 3), range(1, 4, 1)))
    print(max(len(range(100, 0, -7)), 3), sum((r[0], r[1])))
    print(range(9223372036854775806, -9223372036854775807, -4611686018427387904))
    w = range(-9223372036854775807, 9223372036854775807, 3)
    print(w[-1], len(range(0, 9223372036854775807, 2)), -9223372036854775807 in w)
