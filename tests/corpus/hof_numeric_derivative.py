"""A hand-written central difference, applied to polynomials."""


def derivative(f, h):
    return lambda x: (f(x + h) - f(x - h)) / (2.0 * h)


def cube(x):
    return x * x * x


def main():
    d = derivative(cube, 0.5)
    print(d(0.0), d(1.0), d(2.0))
    dd = derivative(d, 0.5)
    print(dd(1.0), dd(3.0))
    lin = derivative(lambda x: 3.0 * x + 1.0, 0.25)
    print(lin(10.0))
