"""Float arithmetic, including // and % on negative floats."""


def fd(a, b):
    print(a, b, a / b, a // b, a % b)


def main():
    print(0.1 + 0.2, 0.1 * 3, 1.0 - 0.9)
    print(1.0 / 3.0, 2.0 / 3.0, 10.0 / 4.0)
    fd(7.5, 2.0)
    fd(-7.5, 2.0)
    fd(7.5, -2.0)
    fd(-7.5, -2.0)
    fd(1.0, 0.3)
    print(2.0 ** 0.5, 2.0 ** -1, 1.5 ** 2, (-2.0) ** 3)
    print(0.0 * -1.0, -0.0, 0.0 + 0.0)
    print(1e-05 * 2.0, 1e+16 + 1.0, 3.0 * 1e+300)
