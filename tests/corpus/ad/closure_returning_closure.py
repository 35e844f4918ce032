# fd: f [0.9]
# A function returning a closure that returns a closure; all called later.
from myia import grad


def curry(a):
    def g(b):
        def h(c):
            return a * b + b * c + c * a
        return h
    return g


def f(x):
    g = curry(x)
    h1 = g(2.0 * x)
    h2 = g(1.0)
    return h1(x * x) + h2(3.0) * h1(1.0)


def main():
    print(grad(f)(0.9))
    print(grad(f)(-1.5))
