# error: 6:5: attribute assignment
"""Attribute assignment is outside the subset."""


def set_scale(f):
    f.scale = 2.0
    return f


def main():
    print(set_scale(abs)(-1))
