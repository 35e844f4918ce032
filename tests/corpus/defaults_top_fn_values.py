"""Defaults of top-level defs that are functions: a def, a builtin, a
math function; called by name, with keywords, and through a value."""
import math

K = 2


def double(x):
    return x * K


def apply(x, f=double, g=abs, h=math.sqrt):
    return h(g(f(x)))


def fold(t, op=max, acc=0):
    for v in t:
        acc = op(acc, v)
    return acc


def main():
    abs = double
    print(apply(-8))
    print(apply(-8, abs))
    print(apply(2, h=math.exp), apply(-3, g=lambda v: v * v, h=float))
    print(fold((3, 9, 4)), fold((3, 9, 4), min, 100), fold([1.5, 2.5], op=lambda a, b: a + b))
    fs = (apply, fold)
    print(fs[0](-18))
    print(fs[1]((-1, -7)))
