# tol: 1e-4
# fd: df [0.6]
# Second order through closures made inside a loop.
from myia import grad


def f(x):
    s = 0.0
    for i in range(1, 4):
        def h(y):
            return y ** i * x
        s = s + h(x)
    return s


def df(x):
    return grad(f)(x)


def main():
    # f = x^2 + x^3 + x^4, f'' = 2 + 6x + 12x^2
    for x in (0.6, -1.0):
        print(grad(grad(f))(x), 2.0 + 6.0 * x + 12.0 * x * x)
