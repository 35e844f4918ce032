# error: 6:9: different types
"""A variable is a float on one branch of an if and a tuple on the other."""


def f(c, y):
    x = y * 2.0
    if c:
        x = (y, y)
    return x


def main():
    for c in range(2):
        print(f(c, 1.5))
