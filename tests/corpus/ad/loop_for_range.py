# fd: expo [0.9]
# fd: f [0.3, 1.7]
# for loops over range: a truncated exponential series.
from myia import grad


def expo(x):
    term = 1.0
    s = 1.0
    for i in range(1, 15):
        term = term * x / i
        s = s + term
    return s


def f(x, y):
    s = 0.0
    for i in range(5):
        s = s + x ** i * y - i * y * y
    return s


def main():
    for x in (-1.0, 0.0, 0.9, 2.0):
        print(expo(x), grad(expo)(x))
    print(grad(f, (0, 1))(0.3, 1.7))
