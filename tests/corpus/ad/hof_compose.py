# fd: f [0.45]
# compose(f, g) returns a closure; differentiate through compositions.
import math
from myia import grad


def compose(f, g):
    return lambda x: f(g(x))


def sq(x):
    return x * x


def f(x):
    h = compose(math.sin, sq)
    k = compose(h, compose(math.exp, math.tanh))
    return h(x) + k(x)


def main():
    print(grad(f)(0.45))
    print(grad(compose(sq, math.cos))(1.0))
    print(grad(compose(compose(sq, sq), math.sin))(0.7))
