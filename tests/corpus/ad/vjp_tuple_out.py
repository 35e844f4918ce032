# fd: first [1.5, -0.5]
# vjp of a function with a tuple output; the cotangent is a tuple.
from myia import vjp


def f(x, y):
    return (x * y, x + y * y)


def first(x, y):
    return f(x, y)[0] + 2.0 * f(x, y)[1]


def main():
    out, pb = vjp(f, 1.5, -0.5)
    print(out)
    print(pb((1.0, 0.0)))
    print(pb((0.0, 1.0)))
    print(pb((1.0, 2.0)))
