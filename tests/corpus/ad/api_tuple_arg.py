# fd: f [[1.0, 2.0, -0.5]]
# fd: g [[0.5, [1.5, -1.0]], 2.0]
# Gradients with respect to tuple arguments are tuples of the same shape.
from myia import grad


def f(t):
    a, b, c = t
    return a * b + b * c * c


def g(p, s):
    x, q = p
    y, z = q
    return x * y * s + z * s * s


def main():
    print(grad(f)((1.0, 2.0, -0.5)))
    print(grad(g)((0.5, (1.5, -1.0)), 2.0))
    print(grad(g, (0, 1))((0.5, (1.5, -1.0)), 2.0))
