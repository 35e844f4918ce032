# tol: 1e-4
# fd: df [0.7]
# Second order through a while loop.
from myia import grad


def f(x):
    s = 1.0
    i = 0
    while i < 4:
        s = s * x + i
        i = i + 1
    return s


def df(x):
    return grad(f)(x)


def main():
    # f = x^4 + x^2 + 2x + 3, f'' = 12 x^2 + 2
    for x in (-1.0, 0.7, 2.0):
        print(grad(grad(f))(x), 12.0 * x * x + 2.0)
