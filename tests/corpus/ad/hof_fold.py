# fd: f [[1.0, 0.5, -2.0, 0.25]]
# fd: g [0.7]
# A hand-written fold (reduce) over a tuple with a passed function.
import math
from myia import grad


def fold(fn, init, xs):
    acc = init
    for x in xs:
        acc = fn(acc, x)
    return acc


def mul(a, b):
    return a * b


def f(t):
    return fold(lambda acc, v: acc + v * v, 0.0, t) + fold(mul, 1.0, t)


def g(x):
    return fold(lambda acc, c: acc * x + math.sin(c * x), 0.0, (1.0, 2.0, 3.0))


def main():
    print(grad(f)((1.0, 0.5, -2.0, 0.25)))
    print(grad(g)(0.7))
