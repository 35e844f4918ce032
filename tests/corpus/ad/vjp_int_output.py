# fd: f [1.25]
# vjp of a function whose tuple output has an int in it.
from myia import vjp


def g(x):
    return (x * 2.0, 3, x * x)


def f(x):
    a, n, b = g(x)
    return a + n * b


def main():
    out, pb = vjp(g, 1.25)
    print(out)
    print(pb((1.0, 0, 0.0)))
    print(pb((0.0, 0, 1.0)))
    print(pb((1.0, 0, 3.0)))
