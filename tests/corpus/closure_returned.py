"""Functions that return closures."""


def make_adder(n):
    def add(x):
        return x + n
    return add


def make_affine(a, b):
    return lambda x: a * x + b


def make_pair(k):
    def up(x):
        return x + k

    def down(x):
        return x - k

    return (up, down)


def main():
    add5 = make_adder(5)
    add_half = make_adder(0.5)
    print(add5(1), add5(-5), add_half(1.0))
    f = make_affine(2.0, -1.0)
    g = make_affine(3, 4)
    print(f(0.5), f(10.0), g(2))
    up, down = make_pair(7)
    print(up(1), down(1), down(up(100)))
    print(make_adder(3)(4), make_affine(1, 1)(1))
