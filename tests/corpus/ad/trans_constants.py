# fd: f [0.25]
# math.pi and math.e as constants inside differentiated code.
import math
from myia import grad


def f(x):
    return math.sin(math.pi * x) + math.e ** x + math.log(math.e * x)


def main():
    for x in (0.25, 0.5, 1.0):
        print(grad(f)(x))
    print(grad(lambda r: math.pi * r * r)(2.0))
