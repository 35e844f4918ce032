"""Operator precedence and associativity."""


def main():
    print(2 + 3 * 4 ** 2, (2 + 3) * 4 ** 2, 2 + (3 * 4) ** 2)
    print(100 // 7 % 4, 100 // (7 % 4), 2.0 ** -1 * 4)
    print(10 - 4 - 3, 2 ** 2 ** 3, (2 ** 2) ** 3)
    print(-3 % 5, -(3 % 5), 7 // -2 * 2)
    print(1 + 2 < 4 and 3 * 2 == 6, not 1 + 1 == 3)
    print(8 / 2 / 2, 8 / (2 / 2))
