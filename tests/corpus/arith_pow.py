"""The power operator on ints and floats."""


def ipow(b, e):
    return b ** e


def main():
    print(2 ** 10, 3 ** 4, (-3) ** 3, (-3) ** 4)
    print(0 ** 0, 0 ** 5, 1 ** 100, (-1) ** 101)
    print(ipow(7, 2), ipow(10, 18), ipow(-2, 63))
    print(2.0 ** 10, 4.0 ** 0.5, 9 ** 0.5, 2 ** 0.5)
    print(0.5 ** 3, (-0.5) ** 2, 2.0 ** -2, 10.0 ** -2)
    x = 2
    x **= 5
    print(x)
    y = 1.5
    y **= 2
    print(y)
