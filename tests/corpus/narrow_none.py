"""A local or a parameter tested `is None` / `is not None` is narrowed
where the test decides: a value that may be None is its value in the
branch of `is not None` (and in the code after `if v is None: return`),
None in the other. Also `not`, `and` / `or` of tests, conditional
expressions, elif, continue in a loop, defaults, closures, tuples."""


def maybe(k):
    if k > 2:
        return k * 1.5
    return None


def maybe_pair(k):
    if k % 2 == 0:
        return (k, k * 0.5)
    return None


def first_big(xs, t):
    for x in xs:
        if x > t:
            return x
    return None


def early(k):
    v = maybe(k)
    if v is None:
        return -1.0
    return v + 1


def early_not(k):
    v = maybe(k)
    if v is not None:
        pass
    else:
        print("  early_not: none for", k)
        return 0.0
    return v * 2


def short_circuit(k):
    v = maybe(k)
    if v is not None and v > 4:
        return v
    w = v if v is not None else 0.0
    u = v is None or v < 4.0
    x = 10.0 if v is None else v - 1
    return w + 2 * u + x


def default_value(k):
    v = maybe(k)
    if v is None:
        v = 0.0
    return v * 2


def chain(k):
    v = maybe(k)
    if v is None:
        print("  chain: none", k)
        return 0.0
    elif v > 4:
        print("  chain: big", v)
    else:
        print("  chain: small", v)
    return v


def param(v=None):
    if v is None:
        return "nothing"
    return v * 3


def negated(k):
    v = maybe(k)
    if not (v is None):
        return v - 0.5
    return -0.5


def pair_sum(k):
    p = maybe_pair(k)
    if p is None:
        return -1.0
    a, b = p
    return a + b + p[1]


def captured(k):
    v = maybe(k)
    if v is not None:
        f = lambda y: v * y
        return f(2.0)
    return -1.0


def skip_none(n):
    s = 0.0
    for k in range(n):
        v = maybe(k)
        if v is None:
            continue
        s = s + v
    return s


def both(j, k):
    a, b = maybe(j), maybe(k)
    if a is not None and b is not None:
        return a * b
    if a is None and b is None:
        return 0.0
    return -1.0


def main():
    for k in range(5):
        v = maybe(k)
        if v is not None:
            print(v + 1)
        else:
            print("none")
    for k in range(5):
        print(k, early(k), early_not(k), short_circuit(k), default_value(k), chain(k))
    print(param(), param(2), param(1.5), negated(1), negated(4))
    print(pair_sum(1), pair_sum(2), captured(1), captured(4), skip_none(6))
    print(both(1, 2), both(3, 4), both(0, 4), both(4, 0))
    b = first_big((1, 5, 2), 3)
    if b is not None:
        print(b * 2)
    c = first_big([1, 2], 3)
    print(c is None, c)
    if c is None:
        print("no big")
    else:
        print(c + 1)
    n = None
    total = 0.0
    for x in (3, 5, 7):
        if n is not None:
            total = total + n * x
        n = x
    print(n, total)
