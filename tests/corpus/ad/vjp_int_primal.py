# fd: f [1.2, 3]
# vjp with an int primal: its cotangent is an int zero.
from myia import vjp


def f(x, n):
    return x ** n * n


def main():
    out, pb = vjp(f, 1.2, 3)
    print(out)
    print(pb(1.0))
