# Defaults of top-level defs that are constant expressions: a tuple, a
# constant's name, arithmetic on constants and math.pi. A local variable
# with a constant's name does not change the default.
import math

COEFFS = (1.0, -2.0, 0.5)
EPS = 1e-8
SCALE = 2 * math.pi


def horner(x, cs=COEFFS):
    acc = 0.0
    for c in cs:
        acc = acc * x + c
    return acc


def scaled(x, scale=SCALE, off=-1, pair=(EPS, 2 * EPS)):
    return x * scale + off + pair[0] / pair[1]


def span(lo=(0, 0), hi=(3, 4 + 1)):
    return (hi[0] - lo[0]) * (hi[1] - lo[1])


def main():
    COEFFS = (5.0,)
    print(horner(2.0))
    print(horner(2.0, COEFFS))
    print(scaled(1.0))
    print(scaled(1.0, off=2))
    print(span(), span((1, 1)), span(hi=(2, 2)))
