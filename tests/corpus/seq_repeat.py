"""Repetition of tuples and lists, t * n and n * t: a count known at
compile time, or (for lists) at run time only."""


def rep(xs, n):
    return xs * n


def zeros(n):
    return [0.0] * n


def main():
    n = 0
    while n < 3:
        n += 1
    print([0] * 2, 3 * [1.5, 2.5], [1] * 0, [7] * n, rep([1.0, 2.0], n), rep([4], -1))
    print((0,) * 3, 2 * (1, 2.5), () * 4, (1,) * -2, (True, None) * 2)
    print(rep([(1, 2.0)], 2), [[1], [2, 3]] * n, [1] * True)
    z = zeros(n + 1)
    print(z, len(z), sum(z))
    grid = (0,) * 2
    print(grid + (1,), len(grid * 3))
