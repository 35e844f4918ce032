# fd: f [1.7]
# float() and int() inside differentiated code: int() is piecewise constant.
from myia import grad


def f(x):
    n = int(x * 2.0)
    return float(n) * x + float(3) * x * x


def main():
    print(grad(f)(1.7))
    print(grad(lambda x: float(x) * 2.0)(1.5))
