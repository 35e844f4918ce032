# fd: f [0.3, 1.2]
# sum of a tuple and of a list, inside a differentiated function.
from myia import grad


def f(x, y):
    return sum((x, y, x * y)) + sum([x * x, y * y, 1.0]) * 0.5


def main():
    print(grad(f, (0, 1))(0.3, 1.2))
