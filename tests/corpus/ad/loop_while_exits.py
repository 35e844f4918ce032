# fd: g [0.5]
# fd: f [0.4, 3]
# Gradients through a while True loop with break, continue and an early
# return, for several trip counts, and w.r.t. the int bound (0).
import math
from myia import grad


def f(x, n):
    i = 0
    s = 0.0
    while True:
        if i >= n:
            break
        i = i + 1
        if i % 2 == 0:
            continue
        s = s + math.sin(x * i)
        if s > 1.5:
            return s * x
    return s


def g(x):
    y = x
    while y < 10.0:
        y = y * 1.7 + 0.1
    return y


def main():
    for n in range(6):
        print(f(0.4, n), grad(f)(0.4, n))
    print(grad(g)(0.5), grad(g)(2.0))
    print(grad(f, 1)(0.4, 3))
