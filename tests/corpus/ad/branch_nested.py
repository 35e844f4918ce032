# fd: f [0.5, 1.5]
# fd: f [1.5, -0.5]
# fd: f [-1.0, -2.0]
# Nested ifs on two variables.
from myia import grad


def f(x, y):
    if x > 0.0:
        if y > 0.0:
            r = x * y
        else:
            r = x - y * y
    else:
        if y > x:
            r = x * x * y
        else:
            r = y * y * y / (1.0 + x * x)
    return r * 2.0


def main():
    for x, y in ((0.5, 1.5), (1.5, -0.5), (-1.0, 0.5), (-1.0, -2.0)):
        print(grad(f, (0, 1))(x, y))
