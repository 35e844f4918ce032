# fd: second [0.7]
"""Second derivatives of functions taken from a tuple in a loop: the
inner grad is of a function value, so the outer one is reverse mode."""
import math
from myia import grad


def second(x):
    t = 0.0
    for f in (math.sin, math.cos):
        t = t + grad(grad(f))(x)
    return t


def main():
    for f in (math.sin, math.cos):
        print(grad(grad(f))(0.7))
    print(second(0.7))
