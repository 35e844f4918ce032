# fd: f [0.5, 1.5]
# for with tuple unpacking over a tuple of pairs built from the arguments.
from myia import grad


def f(x, y):
    pairs = ((x, y), (y, 2.0), (x * y, x))
    s = 0.0
    for a, b in pairs:
        s = s + a * b
    return s


def main():
    print(grad(f, (0, 1))(0.5, 1.5))
