# fd: f [0.35, 1.2]
# A while loop with a tuple state, continue, break and an early return.
import math
from myia import grad


def f(x, y):
    st = (x, y)
    i = 0
    while i < 30:
        i = i + 1
        a, b = st
        if i % 2 == 0:
            st = (a, b * 0.9 + math.sin(a))
            continue
        if a * b > 50.0:
            return a - b
        st = (a * 1.3 + 0.1 * b, b)
        if a > 20.0:
            break
    return st[0] * st[1]


def main():
    print(grad(f, (0, 1))(0.35, 1.2))
    print(grad(f, (0, 1))(-0.5, 0.5))
