# fd: f [2.0]
# An assert inside a differentiated function.
import math
from myia import grad


def f(x):
    assert x > 0.0, "x must be positive"
    return math.log(x) * x


def main():
    print(grad(f)(2.0))
