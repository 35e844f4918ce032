# fd: f [0.4, 0.9]
# fd: f [1.4, 0.9]
# A comparison stored in a bool variable and tested later.
from myia import grad


def f(x, y):
    big = x > y
    small = x < 0.5 * y
    s = x * y
    if big:
        s = s + x * x
    if small:
        s = s - y * y
    return s


def main():
    for x, y in ((0.4, 0.9), (1.4, 0.9), (0.6, 0.9)):
        print(grad(f, (0, 1))(x, y))
