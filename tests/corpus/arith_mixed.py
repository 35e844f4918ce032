"""Mixing ints and floats where CPython's result is a float."""


def scale(x, k):
    return x * k


def main():
    i = 3
    f = 0.25
    print(i + f, i - f, i * f, i / f)
    print(scale(2.5, 4), scale(4, 2.5))
    print(i + 0.0, 0.5 + i * 2)
    print(1 == 1.0, 2 < 2.5, 3 >= 3.0, 4 != 4.0)
    x = 1.0
    for k in range(4):
        x = x * 2 + k
    print(x)
    print(float(i) / 2, i // 2, float(i // 2))
