# error: 16:11: h() got an unexpected keyword argument 'y'
"""A function value that may be one of two defs, called with a keyword
that one of them does not take: each must take it."""


def g(x, y=0.0):
    return x + y


def h(x, z=0.0):
    return x - z


def main():
    fs = [g, h]
    print(fs[0](1.0, y=2.0))
