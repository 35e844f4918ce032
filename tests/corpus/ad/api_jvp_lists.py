# fd: s [[1.0, 2.0, 3.0]]
# jvp with lists: list primals and tangents, and the primals and
# tangents themselves given as lists or as values, as JAX allows.
import math
from myia import jvp, grad, vjp


def f(xs):
    return xs[0] * xs[1]


def s(xs):
    t = 0.0
    for x in xs:
        t = t + math.sin(x) * x
    return t


def scale(xs, a):
    return [xs[0] * a, xs[1] * a]


def g(x, y):
    return x * y + math.sin(x)


def main():
    print(jvp(f, ([1.0, 2.0],), ([1.0, 0.0],)))
    print(jvp(s, ([1.0, 2.0, 3.0],), ([1.0, 0.5, 0.0],)))
    print(jvp(scale, ([1.0, 2.0], 3.0), ([1.0, 0.0], 1.0)))
    xs = [1.0, 2.0]
    ts = [0.5, 1.0]
    print(jvp(f, (xs,), (ts,)))
    print(jvp(g, [1.0, 2.0], [1.0, 0.0]))
    p = (3.0, 4.0)
    t = [1.0, 1.0]
    print(jvp(g, p, t))
    print(grad(s)([1.0, 2.0]))
    out, pb = vjp(scale, [1.0, 2.0], 3.0)
    print(out, pb([1.0, 1.0]))
