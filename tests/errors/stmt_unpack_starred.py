# error: 8:8: starred assignment targets are not supported
"""Starred unpacking (a, *rest = t) is outside the subset: the error
names it, at the starred target, and nothing else is reported."""


def main():
    t = (1, 2, 3)
    a, *rest = t
    print(a, rest)
