# fd: f [0.3]
# A long loop (5000 iterations): the backward pass is as long.
from myia import grad


def f(x):
    s = 0.0
    for i in range(5000):
        s = s * 0.999 + x * 0.001 * (i % 7)
    return s * s


def main():
    print(f(0.3), grad(f)(0.3))
