# fd: loss_s [1.5]
# Top-level defs whose defaults are arrays, tuples or constant
# expressions, called through function values: passed to a helper, taken
# from a tuple in a loop, differentiated. The call fills the defaults as
# a static call does.
import math
import numpy as np
from myia import grad

TWO_PI = 2 * math.pi


def layer(x, w=np.array([0.5, -1.0]), b=(0.1, 0.2)):
    return np.tanh(x * w + np.array(b))


def phase(t, omega=TWO_PI * 0.5):
    return math.sin(omega * t)


def apply(f, x):
    return f(x)


def loss(x, f):
    return np.sum(f(x) ** 2)


def loss_s(x):
    return loss(x, layer) + apply(phase, x)


def main():
    print(apply(layer, 1.5))
    print(apply(phase, 0.25))
    for f in (layer, lambda x: x * 2.0):
        print(loss(1.0, f))
    print(layer(1.0), layer(1.0, np.ones(2)), phase(1.0, 1.0))
    print(grad(loss)(1.0, layer))
    print(grad(lambda x: apply(phase, x))(0.25))
    print(grad(loss_s)(1.5))
