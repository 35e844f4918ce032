"""Closures of closures: three levels of nesting."""


def outer(a):
    def middle(b):
        def inner(c):
            return a * 100 + b * 10 + c
        return inner
    return middle


def compose3(f, g, h):
    def fg(x):
        return f(g(x))

    def fgh(x):
        return fg(h(x))

    return fgh


def main():
    m = outer(1)
    i = m(2)
    print(i(3), i(4), outer(9)(8)(7))
    j = outer(5)(0)
    print(j(0), j(9))
    f = compose3(lambda x: x + 1, lambda x: x * 2, lambda x: x - 3)
    print(f(10), f(0))
