"""True division of integers always gives a float."""


def ratio(a, b):
    return a / b


def main():
    print(7 / 2, -7 / 2, 7 / -2)
    print(6 / 3, 0 / 5, 1 / 3)
    print(ratio(10, 4), ratio(1, 8), ratio(-9, 4))
    print(5 / 2.0, 5.0 / 2, 1 / 0.5)
    total = 0.0
    for k in range(1, 6):
        total = total + 1 / k
    print(total)
    print(2 ** 10 / 2 ** 3)
