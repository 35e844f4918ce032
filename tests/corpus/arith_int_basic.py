"""Integer arithmetic: + - *, precedence and unary minus."""


def combine(a, b, c):
    return a + b * c - (a - b) * c


def main():
    a = 17
    b = -5
    print(a + b, a - b, a * b)
    print(combine(a, b, 3))
    print(-a, -(-a), +b)
    print(2 + 3 * 4, (2 + 3) * 4, 2 * 3 + 4 * 5)
    print(-2 ** 2, (-2) ** 2, 2 ** 3 ** 2)
    print(100 - 7 - 3, 100 - (7 - 3))
    print(a * a * a - b * b * b)
    print(1000000 * 1000000, -1000000 * 1000000)
