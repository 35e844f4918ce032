# fd: total [[0.5, -1.5, 2.0, 0.25]]
# Recursion over a tuple (its length is known statically at each call).
from myia import grad


def total(t):
    if len(t) == 0:
        return 0.0
    return t[0] * t[0] + 2.0 * total(t[1:])


def main():
    print(total((0.5, -1.5, 2.0, 0.25)))
    print(grad(total)((0.5, -1.5, 2.0, 0.25)))
    print(grad(total)((3.0,)))
