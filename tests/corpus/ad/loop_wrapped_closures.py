# fd: composed [0.5]
# fd: doubled [0.25]
# fd: scaled_tree [1.5]
# Gradients through closures that wrap the previous iteration's closure,
# and through a nested tuple built by a recursion of known depth.
import math
from myia import grad


def compose(f, g):
    return lambda x: f(g(x))


def double(f):
    return lambda x: 2.0 * f(x)


def composed(x):
    h = lambda y: y
    for i in range(3):
        h = compose(h, lambda y: math.sin(y) * 2.0 + 1.0)
    return h(x)


def doubled(x):
    h = lambda y: y * y
    i = 0
    while i < 4:
        h = double(h)
        i += 1
    return h(x)


def build(n, x):
    if n == 0:
        return None
    return (x * n, build(n - 1, x * x))


def total(t):
    if t is None:
        return 0.0
    return t[0] + total(t[1])


def scaled_tree(x):
    return total(build(3, x))


def main():
    print(grad(composed)(0.5))
    print(grad(doubled)(0.25))
    print(grad(scaled_tree)(1.5))
