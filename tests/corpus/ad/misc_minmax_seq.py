# fd: f [0.4, 1.3, -0.2]
# min and max of a tuple (one argument), and `in` on a tuple.
from myia import grad


def f(a, b, c):
    t = (a * b, b + c, c * c, a)
    hi = max(t)
    lo = min(t)
    k = 2.0 if 3 in (1, 2, 3) else 1.0
    return hi * k - lo * a


def main():
    print(grad(f, (0, 1, 2))(0.4, 1.3, -0.2))
