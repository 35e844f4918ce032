# error: 9:12: cannot access local variable 'scale'
"""A name bound on one branch only, read on a path where it is not."""


def f(x, flag):
    if flag:
        scale = 2.0
    y = x + 1.0
    return scale * y


def main():
    print(f(1.0, True))
    print(f(1.0, False))
