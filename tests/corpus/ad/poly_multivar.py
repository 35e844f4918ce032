# fd: f [0.5, -1.0, 2.0, 1.5]
# Four variables, gradient with respect to all of them and to subsets.
from myia import grad


def f(a, b, c, d):
    return a * b * c + b * c * d - a * d + c * c * 0.5 + d * a * a


def main():
    print(grad(f, (0, 1, 2, 3))(0.5, -1.0, 2.0, 1.5))
    print(grad(f, (3, 1))(0.5, -1.0, 2.0, 1.5))
    print(grad(f, 2)(0.5, -1.0, 2.0, 1.5))
    print(grad(f, (2,))(0.5, -1.0, 2.0, 1.5))
