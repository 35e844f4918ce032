# fd: cl [0.5, 2.0]
# Closures that capture arrays, functions over tuples of arrays, and numpy
# functions passed as values.
import numpy as np


def affine(w, b):
    def f(x):
        return w @ x + b
    return f


def apply_all(fs, x):
    out = ()
    for f in fs:
        out = out + (f(x),)
    return out


def compose(f, g):
    return lambda x: f(g(x))


def cl(a, b):
    f = affine(np.array([[a, 0.0], [b, 1.0]]), np.array([1.0, a]))
    y = f(f(np.array([b, 1.0])))
    return np.sum(y * y)


def main():
    f = affine(np.array([[1.0, 2.0], [3.0, 4.0]]), np.array([0.5, -0.5]))
    print(f(np.array([1.0, 1.0])))
    print(f(f(np.array([1.0, 0.0]))))
    r = apply_all((np.exp, np.tanh, np.sqrt, np.abs), np.array([0.25, 1.0]))
    for v in r:
        print(v)
    g = compose(np.sum, np.exp)
    print(g(np.zeros(3)))
    h = compose(lambda x: x * 2.0, np.max)
    print(h(np.array([1.5, 4.5, 2.5])))
    scale = np.array([1.0, 10.0, 100.0])
    fs = (lambda x: x * scale, lambda x: x + scale)
    print(apply_all(fs, np.ones(3))[0], apply_all(fs, np.ones(3))[1])
    print(cl(0.5, 2.0))
