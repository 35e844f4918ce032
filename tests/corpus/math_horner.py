"""Polynomial evaluation by Horner's rule over a tuple of coefficients."""

COEFFS = (1.0, -3.0, 0.0, 2.0)


def horner(cs, x):
    acc = 0.0
    for c in cs:
        acc = acc * x + c
    return acc


def horner_int(cs, x):
    acc = 0
    for c in cs:
        acc = acc * x + c
    return acc


def derivative_coeffs3(cs):
    n = len(cs) - 1
    return (cs[0] * n, cs[1] * (n - 1), cs[2] * (n - 2))


def main():
    for x in (0.0, 1.0, 2.0, -1.5, 0.1):
        print(x, horner(COEFFS, x))
    print(horner_int((1, 0, 0, 0, 0, 0), 10), horner_int((2, 0, 1), 3))
    print(horner(derivative_coeffs3(COEFFS), 2.0))
