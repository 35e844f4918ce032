# fd: f [0.8]
# fd: weighted [0.5, 1.5, -1.0]
# for loops over tuples of constants and of variables.
from myia import grad


def f(x):
    s = 0.0
    for c in (1.0, -2.0, 0.5, 3.0):
        s = s * x + c * x
    return s


def weighted(a, b, c):
    s = 0.0
    for v in (a, b, c, a * b):
        s = s + v * v
    return s


def main():
    print(grad(f)(0.8))
    print(grad(weighted, (0, 1, 2))(0.5, 1.5, -1.0))
