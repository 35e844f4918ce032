"""Builtins written in the language itself.

The builder calls these for the builtins that are loops over a sequence:
sum(xs), min(xs) and max(xs) with one argument.
"""


def sum(xs, start=0):
    s = start
    for x in xs:
        s = s + x
    return s


def min_of(xs):
    assert len(xs) > 0, "min() arg is an empty sequence"
    best = xs[0]
    for x in xs:
        if x < best:
            best = x
    return best


def max_of(xs):
    assert len(xs) > 0, "max() arg is an empty sequence"
    best = xs[0]
    for x in xs:
        if x > best:
            best = x
    return best
