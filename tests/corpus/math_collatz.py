"""Collatz sequence lengths."""


def collatz_len(n):
    steps = 1
    while n != 1:
        if n % 2 == 0:
            n = n // 2
        else:
            n = 3 * n + 1
        steps += 1
    return steps


def main():
    for n in (1, 2, 3, 6, 7, 27):
        print(n, collatz_len(n))
    best = 1
    best_len = 1
    for n in range(1, 1000):
        l = collatz_len(n)
        if l > best_len:
            best = n
            best_len = l
    print(best, best_len)
