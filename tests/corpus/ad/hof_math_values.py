# fd: f [0.35]
# math functions and builtins as values in tuples, chosen by index.
import math
from myia import grad


def funcs():
    return (math.sin, math.cos, math.exp, math.tanh, math.sqrt, math.log)


def f(x):
    s = 0.0
    for fn in funcs():
        s = s + fn(x + 1.0)
    return s


def pick(x, i):
    fns = (math.sin, math.cos, abs, math.exp)
    return fns[i](x) * x


def main():
    print(grad(f)(0.35))
    for i in range(4):
        print(i, grad(pick)(-0.5, i))
    print(grad(lambda x: max(x, 0.5) + abs(x))(-2.0))
