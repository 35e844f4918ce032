# error: 8:13: index out of range
"""A tuple index out of range at run time."""


def total(t, n):
    s = 0
    for i in range(n):
        v = t[i]
        s += v
    return s


def main():
    print(total((1, 2, 3), 3))
    print(total((1, 2, 3), 4))
