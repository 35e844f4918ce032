# fd: f [0.5]
# fd: f [1.5]
# not, and chained comparisons as conditions.
from myia import grad


def f(x):
    if 0.0 < x < 1.0:
        r = x * x
    else:
        r = 2.0 * x
    if not x > 1.0:
        r = r + x
    if not (x < 0.0 or x > 2.0):
        r = r * x
    return r


def main():
    for x in (-0.5, 0.5, 1.5, 2.5):
        print(grad(f)(x))
