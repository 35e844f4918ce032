# error: 17:15: take its keyword arguments in different places: g(x, y) and h(y, x)
"""A function value that may be one of two defs whose parameters are in
different orders, called with keywords: one positional call cannot fit
both."""


def g(x, y):
    return x - y


def h(y, x):
    return x - y


def main():
    for f in (g, h):
        print(f(x=1.0, y=2.0))
