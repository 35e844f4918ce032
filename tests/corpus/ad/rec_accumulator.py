# fd: series [0.6, 0.0, 12]
# Tail recursion with an accumulator.
from myia import grad


def series(x, acc, n):
    if n == 0:
        return acc
    return series(x, acc * x + 1.0 / n, n - 1)


def main():
    print(grad(series, (0, 1))(0.6, 0.0, 12))
    print(grad(series, (0, 1))(-0.3, 2.0, 5))
