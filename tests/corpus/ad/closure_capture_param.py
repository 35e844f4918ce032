# fd: outer [0.7]
# fd: outer2 [1.5, -0.5]
# A nested def capturing its parent's parameters.
from myia import grad


def outer(x):
    def h(y):
        return x * y + y * y
    return h(2.0) + h(x)


def outer2(x, y):
    def h(z):
        return x * z - y
    def k(z):
        return h(z) * y + h(x)
    return k(y) + k(1.0)


def main():
    print(grad(outer)(0.7))
    print(grad(outer2, (0, 1))(1.5, -0.5))
