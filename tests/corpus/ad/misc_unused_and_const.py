# fd: g [0.5, 1.5]
# Arguments that do not reach the output, and constant functions.
from myia import grad


def const(x):
    return 3.0


def ignores(x, y):
    unused = x * y
    return y * y


def g(x, y):
    return ignores(x, y) + const(x)


def main():
    print(grad(const)(2.0))
    print(grad(ignores, (0, 1))(1.0, 2.0))
    print(grad(g, (0, 1))(0.5, 1.5))
    print(grad(lambda x: 0.0 * x)(1.0))
