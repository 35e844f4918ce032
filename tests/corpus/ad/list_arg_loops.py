# tol: 1e-4
# fd: total [1.5]
# Gradients with respect to a list that a loop iterates (sum, for, and
# enumerate over it).
from myia import grad


def squares(xs):
    s = 0.0
    for v in xs:
        s = s + v * v
    return s


def weighted(xs):
    s = 0.0
    for i, v in enumerate(xs):
        s = s + i * v
    return s


def total(x):
    xs = [x, 2.0 * x, 3.0]
    return sum(xs) + squares(xs) + weighted(xs)


def main():
    print(grad(lambda xs: sum(xs))([1.0, 2.0]))
    print(grad(squares)([1.0, 2.0, 3.0]))
    print(grad(weighted)([1.0, 2.0, 3.0]))
    print(grad(total)(1.5))
