"""Chained comparisons evaluate each middle operand once, left to right, and stop at the first False."""
def f(x):
    print("f", x)
    return x


def main():
    a, b, c = 1, 2, 3
    print(a < b < c, a < c < b, a == 1 == a, 1 < 2 > 0)
    print(f(1) < f(0) < f(5))
    print(f(1) < f(2) < f(3))
    x = 2.5
    print(0 <= x <= 3, 0 <= x < 2)
    print(1 != 2 != 1)
    print(a < b == 2 >= c)
