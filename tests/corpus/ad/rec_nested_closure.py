# fd: f [0.9, 6]
# A recursive nested def capturing the outer parameter.
from myia import grad


def f(x, n):
    def go(k, acc):
        if k == 0:
            return acc
        return go(k - 1, acc * x + k)
    return go(n, 1.0)


def main():
    for n in (0, 1, 3, 6):
        print(n, grad(f)(0.9, n))
