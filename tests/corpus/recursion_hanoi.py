"""Towers of Hanoi."""


def hanoi(n, src, dst, via):
    if n == 0:
        return 0
    a = hanoi(n - 1, src, via, dst)
    print("move", n, "from", src, "to", dst)
    b = hanoi(n - 1, via, dst, src)
    return a + b + 1


def count(n):
    if n == 0:
        return 0
    return 2 * count(n - 1) + 1


def main():
    print(hanoi(3, 1, 3, 2))
    print(count(10), count(40))
