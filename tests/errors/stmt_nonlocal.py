# error: 9:9: nonlocal
"""nonlocal is outside the subset: closures capture values."""


def counter():
    n = 0

    def inc():
        nonlocal n
        return n

    return inc


def main():
    print(counter()())
