# fd: f [0.8]
# Closures made in a loop by a factory, stored in a tuple and called after
# the loop.
from myia import grad


def make(i, x):
    def h(y):
        return x * y ** i
    return h


def f(x):
    fs = ()
    for i in range(4):
        fs = fs + (make(i, x),)
    s = 0.0
    for h in fs:
        s = s + h(x + 1.0)
    return s


def main():
    print(grad(f)(0.8))
    print(grad(f)(-0.3))
