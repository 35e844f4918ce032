# tol: 1e-3
# fd: d2 [0.5]
# Third order through a branch and a loop.
from myia import grad


def f(x):
    if x > 1.0:
        s = x ** 4
    else:
        s = 0.0
        for i in range(4):
            s = s + x ** i
    return s


def d2(x):
    return grad(grad(f))(x)


def main():
    print(grad(grad(grad(f)))(0.5), 6.0)
    print(grad(grad(grad(f)))(2.0), 24.0 * 2.0)
