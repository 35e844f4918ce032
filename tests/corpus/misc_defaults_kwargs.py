"""Default parameter values and keyword arguments."""


def linear(x, a=2, b=1):
    return a * x + b


def describe(n, scale=1.0, shift=0.0, flip=False):
    v = n * scale + shift
    return -v if flip else v


def main():
    print(linear(3), linear(3, 5), linear(3, 5, 7))
    print(linear(3, b=0), linear(x=3, a=0), linear(b=10, x=1, a=1))
    print(describe(2.0), describe(2.0, 3.0), describe(2.0, shift=0.5))
    print(describe(2.0, flip=True), describe(n=1.0, scale=0.5, flip=True, shift=1.0))
    print(linear(1.5, 2.0, 0.5))
