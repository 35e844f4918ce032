# fd: f [1.5]
# fd: f [-0.7]
# A two-sided if/else: each side has its own derivative.
from myia import grad


def f(x):
    if x > 0.0:
        y = x * x
    else:
        y = -x * x * x
    return y + x


def main():
    for x in (-2.0, -0.7, 0.5, 1.5):
        print(x, grad(f)(x))
