# error: 5:11: *args
"""*args parameters are outside the subset."""


def total(*args):
    s = 0
    for x in args:
        s += x
    return s


def main():
    print(total(1, 2, 3))
