# fd: f [0.75, 2.0]
# fd: f [-1.5, 0.5]
# Conditional expressions, nested and on both variables.
from myia import grad


def f(x, y):
    a = x * y if x > 0.0 else x + y
    b = (a * a if a < 1.0 else a) if y > 1.0 else -a
    return a * b + (x if x < y else y) * 3.0


def main():
    for x, y in ((0.75, 2.0), (-1.5, 0.5), (2.0, 0.25), (0.5, 1.5)):
        print(grad(f, (0, 1))(x, y))
