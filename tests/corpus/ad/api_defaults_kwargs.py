# fd: f [0.8, 1.2]
# Functions with default parameter values and keyword calls inside the
# differentiated function.
from myia import grad


def scale(x, k=2.0, b=0.5):
    return k * x + b * x * x


def f(x, y):
    return scale(x) + scale(y, b=x) + scale(x, k=y, b=y)


def main():
    print(grad(f, (0, 1))(0.8, 1.2))
