# fd: f [1.3]
# fd: g [0.75]
# continue skips some iterations.
from myia import grad


def f(x):
    s = 0.0
    for i in range(8):
        if i % 3 == 0:
            continue
        s = s + x ** i / (i + 1)
    return s


def g(x):
    s = 0.0
    for c in (0.5, -1.0, 2.0, -3.0, 1.5):
        if c * x < 0.0:
            continue
        s = s + c * x * x
    return s


def main():
    print(grad(f)(1.3))
    print(grad(g)(0.75), grad(g)(-0.75))
