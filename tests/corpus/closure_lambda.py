"""Lambdas capturing variables, with defaults, immediately applied."""


def main():
    k = 3
    times_k = lambda x: x * k
    print(times_k(4), times_k(-1))
    add = lambda a, b=10: a + b
    print(add(1), add(1, 2), add(b=5, a=6))
    print((lambda x, y: x - y)(10, 4))
    sq = lambda v: v * v
    print(sq(sq(3)), sq(1.5))
    pick = lambda c, a, b: a if c else b
    print(pick(True, 1, 2), pick(False, 1, 2))
    nested = lambda x: lambda y: x + y
    print(nested(1)(2))
