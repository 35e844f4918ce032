# fd: f [1.3]
# fd: g [0.6, 2.0]
# grad of a closure capturing the outer variable, inside a function that is
# itself differentiated: f(x) = d/dy (x y^2) at y = x = 2 x^2, so f'(x) = 4x.
from myia import grad


def f(x):
    def h(y):
        return x * y * y
    return grad(h)(x)


def g(x, y):
    # d/dz (x z^3 + y z) at z = y is 3 x y^2 + y
    return grad(lambda z: x * z * z * z + y * z)(y)


def main():
    print(f(1.3), grad(f)(1.3))
    print(g(0.6, 2.0), grad(g, (0, 1))(0.6, 2.0))
