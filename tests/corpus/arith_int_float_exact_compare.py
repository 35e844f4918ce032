"""Comparisons of ints and floats are exact, as in CPython: 2**53 + 1 is not equal to float(2**53)."""
def main():
    a = 2 ** 53 + 1
    f = float(2 ** 53)
    print(a == f, a > f, a >= f, a < f, a != f)
    print(f == a, f < a, f <= a)
    b = 2 ** 62 + 1
    print(b == 2.0 ** 62, b > 2.0 ** 62)
    print(a + 0.0, float(a), a * 1.0)
    print(9007199254740993 in (9007199254740992.0,))
