# error: 14:5: too many values to unpack (expected 2)
# stdout: 1.5\n
"""Unpacking a list whose length is known only at run time."""


def build(n):
    xs = []
    for i in range(n):
        xs = xs + [i * 1.5]
    return xs


def pair(xs):
    a, b = xs
    return a + b


def main():
    print(pair(build(2)))
    print(pair(build(3)))
