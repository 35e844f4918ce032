# error: 9:16: different types
"""The branches of an if return a float and a tuple."""


def pick(c, x):
    if c > 0:
        return x * 2.0
    else:
        return (x, x)


def main():
    for c in range(2):
        print(pick(c, 1.5))
