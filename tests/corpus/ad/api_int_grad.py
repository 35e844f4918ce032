# fd: f [[2, 1.5], 3, 0.5]
# Gradients with respect to ints are int zeros, also inside tuples.
from myia import grad


def f(t, n, x):
    k, y = t
    return y * k * x + n * x * x


def main():
    print(grad(f, 0)((2, 1.5), 3, 0.5))
    print(grad(f, 1)((2, 1.5), 3, 0.5))
    print(grad(f, (0, 1, 2))((2, 1.5), 3, 0.5))
