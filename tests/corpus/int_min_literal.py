"""The smallest int, written as a literal: 2**63 after a minus sign."""


def main():
    x = -9223372036854775808
    print(x, -9223372036854775808 + 1, -9_223_372_036_854_775_808 == x)
    print(abs(x + 1), x // 2, x % 7, -(x + 1))
