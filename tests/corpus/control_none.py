"""Default None parameters tested with `is None`, selected statically."""


def scaled(x, factor=None):
    if factor is None:
        return x
    return x * factor


def offset(x, delta=None):
    return x if delta is None else x + delta


def pick(a, b=None):
    if b is not None:
        return b
    return a


def main():
    print(scaled(3.0), scaled(3.0, 2.0), scaled(5, factor=3))
    print(offset(10), offset(10, 5), offset(1.5, delta=0.25))
    print(pick(1), pick(1, 2))
    print(None)
