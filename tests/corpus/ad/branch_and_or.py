# fd: f [0.5, 1.5]
# fd: f [-0.5, 0.25]
# fd: g [1.5, 2.0]
# and / or in conditions, and as values (operands of the same type).
from myia import grad


def f(x, y):
    if x > 0.0 and y > 1.0:
        return x * y
    elif x < 0.0 or y > 3.0:
        return x * x - y
    return x + y * y


def g(x, y):
    # x and y are floats: `x and y` is y when x is true, `x or y` is x.
    return (x and y) * 2.0 + (x or y) * 3.0 + (0.0 or y) * x


def main():
    print(grad(f, (0, 1))(0.5, 1.5))
    print(grad(f, (0, 1))(-0.5, 0.25))
    print(grad(f, (0, 1))(0.5, 0.25))
    print(grad(f, (0, 1))(0.5, 3.5))
    print(grad(g, (0, 1))(1.5, 2.0))
