# out: by hand: CPython's stop_gradient is the identity (finite differences see the primal function)
# fd: plain [1.5]
# stop_gradient used as a value: passed to a function, stored in a
# tuple, mapped over a tuple, returned, named through the module.
import numpy as np
import myia
from myia import grad, jvp, stop_gradient


def apply(h, x):
    return h(x)


def map2(h, t):
    return (h(t[0]), h(t[1]))


def f(x):
    ops = (stop_gradient, lambda v: v * v)
    return apply(stop_gradient, x) * x + ops[0](x) * ops[1](x)


def g(x, y):
    a, b = map2(stop_gradient, (x * y, x + y))
    return a * x + b * y


def k(x):
    sg = myia.stop_gradient
    return sg(x * x) * x


def pick(c):
    return stop_gradient if c else (lambda v: v)


def r(x):
    return pick(True)(x) * x + pick(False)(x) * x


def arr(w):
    return np.sum(apply(stop_gradient, w) * w)


def plain(x):
    # The same higher-order functions, without stop_gradient.
    a, b = map2(lambda v: v * x, (x, 2.0))
    return apply(lambda v: v * v, a) + b


def main():
    print(f(3.0), grad(f)(3.0))
    print(g(2.0, 3.0), grad(g, (0, 1))(2.0, 3.0))
    print(grad(k)(2.0))
    print(grad(r)(1.5))
    print(jvp(f, (3.0,), (1.0,)))
    print(grad(arr)(np.array([1.0, 2.0])))
    print(plain(1.5), grad(plain)(1.5))
