"""Tuple concatenation, singletons and the empty tuple."""


def pair(a, b):
    return (a, b)


def main():
    a = (1, 2)
    b = (3.5,)
    print(a + b, b + a, a + a)
    print(() + a, a + (), ())
    print((1,), (1, 2) + (3,) + (4, 5))
    c = pair(1, 2) + pair(True, False)
    print(c, len(c))
    print((a, b) + ((),))
