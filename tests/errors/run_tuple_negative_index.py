# error: 6:12: index out of range
"""A negative tuple index beyond the start."""


def from_end(t, k):
    return t[-k]


def main():
    print(from_end((10, 20, 30), 3))
    print(from_end((10, 20, 30), 4))
