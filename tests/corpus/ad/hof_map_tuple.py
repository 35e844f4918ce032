# fd: f [0.6, -1.2]
# A recursive map over a tuple, then a sum.
import math
from myia import grad


def tmap(fn, t):
    if len(t) == 0:
        return ()
    return (fn(t[0]),) + tmap(fn, t[1:])


def f(a, b):
    ys = tmap(lambda v: v * a + b, (1.0, 2.0, 3.0))
    zs = tmap(math.tanh, ys)
    return sum(zs) + ys[2] * zs[0]


def main():
    print(grad(f, (0, 1))(0.6, -1.2))
