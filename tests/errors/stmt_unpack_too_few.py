# error: 10:5: not enough values to unpack (expected 3, got 2)
"""Unpacking a function's pair into three names."""


def pair(x):
    return (x, x + 1)


def main():
    a, b, c = pair(1)
    print(a, b, c)
