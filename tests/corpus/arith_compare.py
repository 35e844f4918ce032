"""Comparisons, including chained comparisons."""


def between(lo, x, hi):
    return lo < x < hi


def main():
    print(1 < 2, 2 < 1, 2 <= 2, 3 >= 4, 5 == 5, 5 != 5)
    print(between(0, 5, 10), between(0, 10, 10), between(-1.5, -1.0, 0.0))
    a = 3
    b = 3
    c = 3
    print(a == b == c, a == b != c, 1 < a > 2, 1 < a < 2)
    print(0 <= a < 10 <= 10, 5 > 4 > 3 > 2 > 1)
    count = 0
    for i in range(20):
        if 3 <= i < 8 or 15 < i <= 17:
            count += 1
    print(count)
    print(2.5 < 3, 3 < 2.5, -0.0 == 0.0)
