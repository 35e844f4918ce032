"""Functions stored in tuples and selected by index."""


def add(a, b):
    return a + b


def sub(a, b):
    return a - b


def mul(a, b):
    return a * b


def run(ops, a, b):
    return (ops[0](a, b), ops[1](a, b), ops[2](a, b))


def main():
    ops = (add, sub, mul)
    print(run(ops, 7, 3), run(ops, 1.5, 0.5))
    fs = (lambda x: x + 1, lambda x: x * x)
    print(fs[0](3), fs[1](3), fs[-1](fs[0](1)))
    pair = (abs, max)
    print(pair[0](-4), pair[1](2, 5))
    f, g = fs
    print(f(g(4)))
