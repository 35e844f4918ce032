# fd: f [1.5, true, 3, [0.5, false, 2]]
# Gradients with respect to bools, ints, None and tuples mixing them are
# zeros of the same types.
from myia import grad


def f(x, flag, n, t):
    s = x * t[0] * t[2]
    if flag:
        s = s + x * n
    if t[1]:
        s = s * 2.0
    return s


def g(x, nothing):
    if nothing is None:
        return x * x
    return x


def main():
    print(grad(f, (0, 1, 2, 3))(1.5, True, 3, (0.5, False, 2)))
    print(grad(f, 1)(1.5, False, 3, (0.5, True, 2)))
    print(grad(g, (0, 1))(1.5, None))
