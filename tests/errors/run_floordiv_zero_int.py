# error: 7:13: by zero
"""Integer floor division by zero."""


def buckets(n, size):
    assert n >= 0
    return (n // size, size)


def main():
    print(buckets(10, 3))
    print(buckets(10, 0))
