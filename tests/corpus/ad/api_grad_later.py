# fd: f [0.9]
# A gradient made once, stored, and called later (several times).
import math
from myia import grad


def f(x):
    return math.sin(x) * x


def main():
    df = grad(f)
    s = 0.0
    for x in (0.1, 0.9, 2.0):
        s = s + df(x)
        print(df(x))
    print(s)
