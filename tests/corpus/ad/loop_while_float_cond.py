# fd: grow [1.3]
# fd: grow [0.2]
# A while loop whose condition is on a float that depends on x.
from myia import grad


def grow(x):
    y = x
    n = 0
    while y < 10.0:
        y = y * 1.5 + x
        n = n + 1
    return y * n


def main():
    for x in (0.2, 1.3, 4.5, 12.0):
        print(grad(grow)(x))
