# error: 6:12: has no len()
"""len() of a number."""


def size(x):
    return len(x)


def main():
    print(size(3))
