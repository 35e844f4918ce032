"""Functions with defaults computed where the def stands, called through
function values: in a tuple, passed to another function, returned."""
import math

SCALE = 2.0


def make(k):
    def f(x, k2=k * 2, off=SCALE + 1.0):
        return x * k2 + off
    return f


def apply_all(fs, x):
    t = 0.0
    for f in fs:
        t = t + f(x)
    return t


def pick(i):
    fs = (make(1.0), make(2.0), make(3.5))
    return fs[i]


def main():
    fs = ()
    for i in range(4):
        fs = fs + (lambda y, i=i: y * i + 1,)
    print(apply_all(fs, 2.0))
    g = make(1.5)
    print(g(1.0), g(1.0, 10.0), g(1.0, 2.0, 0.5))
    for i in range(3):
        print(pick(i)(2.0))
    hs = (make(0.5), lambda x, k2=3.0, off=0.0: x - k2 + off)
    print(apply_all(hs, 4.0))
    w = math.sqrt(2.0)
    q = lambda x, s=w: x * s
    print(q(2.0), q(2.0, 1.0))
