# The math module's functions and float ** print every digit CPython
# prints: the arguments are ones where Go's math package rounds to the
# neighbouring float, so the VM and the constant folder call the C
# library as CPython does. Constants (folded at compile time) and values
# computed at run time both.
import math


def f(x):
    return (math.sin(x), math.cos(x + 0.5), math.tan(x), math.exp(x), math.log(x), math.tanh(x), x ** 1.7)


def main():
    print(math.sin(0.8), math.cos(0.1), math.tan(0.9))
    print(math.exp(1.5), math.log(1.4), math.tanh(0.7), 0.1 ** 1.7)
    s = 0.0
    for i in range(1, 8):
        x = i / 10 + s
        print(f(x))
        s = s + 0.0
    fs = (math.sin, math.cos, math.exp)
    for g in fs:
        print(g(0.8) + g(1.5))
