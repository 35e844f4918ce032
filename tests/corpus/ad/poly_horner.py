# fd: horner [0.7]
# fd: horner [-1.3]
# A polynomial evaluated by Horner's rule over a tuple of coefficients,
# against its derivative written out by hand.
from myia import grad

COEFFS = (2.0, -3.0, 0.5, 4.0, -1.0)


def horner(x):
    acc = 0.0
    for c in COEFFS:
        acc = acc * x + c
    return acc


def dhorner(x):
    # 2x^4 - 3x^3 + 0.5x^2 + 4x - 1
    return 8.0 * x ** 3 - 9.0 * x ** 2 + x + 4.0


def main():
    for x in (-1.3, 0.0, 0.7, 2.0):
        print(horner(x), grad(horner)(x), dhorner(x))
