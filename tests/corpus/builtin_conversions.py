"""float, int and bool conversions."""


def main():
    print(float(3), float(-2), float(0), float(2.5))
    print(int(3.7), int(-3.7), int(0.5), int(-0.5), int(7))
    print(int(1e+15), int(-2.0), int(2.9999))
    print(bool(0), bool(1), bool(-3), bool(0.0), bool(1e-300))
    print(int(True), int(False), float(True), bool(True))
    x = 7
    print(float(x) / 2, int(float(x) / 2))
    print(int(2.5 * 4), float(int(9.99)))
