# fd: g [[3.0, 4.0]]
# vjp of functions with tuple outputs (nested, with an int inside): the
# pullback is called several times with different cotangents.
import math
from myia import vjp


def f(x, y):
    return (x * y, math.exp(x) + y, x - y)


def g(p):
    a, b = p
    return a * b + a


def main():
    out, pb = vjp(f, 1.5, 2.0)
    print(out)
    print(pb((1.0, 0.0, 0.0)))
    print(pb((0.0, 1.0, 0.0)))
    print(pb((0.5, 0.25, 2.0)))
    o2, pb2 = vjp(g, (3.0, 4.0))
    print(o2, pb2(1.0), pb2(2.0))
    o3, pb3 = vjp(lambda x: (x, (x * x, 3)), 2.0)
    print(o3, pb3((1.0, (1.0, 0))))
