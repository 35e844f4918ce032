"""Values that may be None: returned on one path and not on another,
tested with `is None`, ==, !=, truth, passed, stored in tuples, carried
through loops, printed."""


def find(xs, target):
    for i in range(len(xs)):
        if xs[i] == target:
            return (i, xs[i] * 0.5)
    return None


def first_over(xs, limit):
    best = None
    for x in xs:
        if best is None and x > limit:
            best = x
    return best


def describe(p):
    if p is None:
        return -1.0
    return 1.0


def same(p, q):
    return p == q, p != q, p is None, q is not None


def label(k):
    name = None
    if k == 1:
        name = "one"
    elif k == 2:
        name = "two"
    return name


def main():
    xs = (3, 5, 7, 5)
    a, b = find(xs, 5), find(xs, 4)
    print(a, b)
    print(a is None, a is not None, b is None, b is not None)
    print(a == None, b == None, a != None, b != None)
    print(a == (1, 2.5), a == (1, 2.0), b == (1, 2.5), a != (1, 2.5))
    print(describe(a), describe(b), describe(None), describe((0, 0.0)))
    print(same(a, b), same(a, a), same(b, b), same(b, find(xs, 4)))
    print((a, b), [a, b], (b,))
    if a:
        print("a is a value")
    if not b:
        print("b is None")
    print(bool(a), bool(b), not a)
    for limit in range(2, 9, 3):
        f = first_over(xs, limit)
        print(limit, f, f is None, f == 7, bool(f))
    for k in range(4):
        s = label(k)
        print(k, s, s is None, s == "two", (s,))
    n = None
    total = 0
    for x in xs:
        if n is not None:
            total = total + x
        n = x
    print(n, total)
