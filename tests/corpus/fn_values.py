"""Function values that may be one of several functions: primitives and
top-level functions in a tuple, picked at run time, passed to other
functions and returned, chosen by a condition."""
import math


def double(x):
    return 2.0 * x


def halve(x):
    return x / 2.0


def apply(f, x):
    return f(x)


def pick(k):
    fs = (math.exp, double, abs, math.sqrt, halve, math.tanh)
    return fs[k]


def twice(f, x):
    return f(f(x))


def iterate(f, x, n):
    if n == 0:
        return x
    return iterate(f, f(x), n - 1)


def scaled(k):
    return lambda x: x * k


def first_big(fs, x, i):
    if fs[i](x) > 10.0 or i == len(fs) - 1:
        return fs[i]
    return first_big(fs, x, i + 1)


def main():
    for f in (math.exp, math.sqrt, abs, math.log, math.tanh):
        print(f(0.5), apply(f, 4.0), twice(f, 2.0))
    for k in range(6):
        g = pick(k)
        print(k, g(0.25), apply(g, 9.0), twice(g, 2.0))
    for f in (double, math.cos, halve):
        print(f(0.0), twice(f, 3.0))
    for n in range(3):
        h = math.exp if n % 2 == 0 else math.log
        print(n, h(1.0), apply(h, 1.0))
        fs = (h, math.sqrt)
        print(fs[n % 2](16.0))
    for p in (max, min):
        print(p(3, 4), p(2.5, -1.0))
    for f in (abs, int):
        print(f(-2))
    for f in (math.sqrt, double, math.tanh, abs):
        print(iterate(f, 3.0, 4))
    g = first_big((math.sqrt, double, math.exp, halve), 3.0, 0)
    print(g(1.0), iterate(g, 0.5, 2))
    for k in range(3):
        c = float(k) + 0.5
        fs = (math.sqrt, lambda x: x * c, abs, scaled(c + 1.0))
        for j in range(4):
            f = fs[(j + k) % 4]
            print(k, j, f(2.25), iterate(f, 1.5, 2))
        h = math.exp if k == 1 else scaled(c)
        print(h(1.0), apply(h, 2.0))
