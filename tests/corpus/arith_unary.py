"""Unary operators: - + not."""


def neg(x):
    return -x


def main():
    print(neg(5), neg(-5), neg(2.5), neg(-0.0))
    print(+7, +(-7), -(+7))
    print(not True, not False, not not True)
    print(not (3 < 2), not 3 > 2)
    a = 4
    print(-a * 2, -(a * 2), -a ** 2)
    print(- - a, -(-(-a)))
