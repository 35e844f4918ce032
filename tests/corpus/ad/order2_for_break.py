# tol: 1e-4
# fd: df [0.9]
# fd: df [1.7]
# Second order through a for loop left by break.
from myia import grad


def f(x):
    p = 1.0
    for i in range(10):
        p = p * x
        if p > 4.0:
            break
    return p * x


def df(x):
    return grad(f)(x)


def main():
    for x in (0.9, 1.7, 3.0):
        print(grad(grad(f))(x))
