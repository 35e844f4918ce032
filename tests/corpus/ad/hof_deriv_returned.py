# fd: cube [0.7]
# grad of a function returned by a function (def deriv(f): return
# grad(f)): the gradient takes as many arguments as the functions
# deriv's callers pass, which the source says.
import math
import numpy as np
from myia import grad, value_and_grad, jacfwd


def deriv(f):
    return grad(f)


def deriv_named(f):
    df = grad(f)
    return df


def twice(f):
    return deriv(deriv(f))


def vg(f):
    return value_and_grad(f)


def partial1(f):
    return grad(f, 1)


def jac(f):
    return jacfwd(f)


def unused(f):
    return grad(f, 2)


def cube(x):
    return x * x * x


def mul(x, y):
    return x * y * y


def main():
    print(deriv(deriv(math.sin))(0.3))
    print(deriv(lambda x: x ** 3)(2.0))
    print(deriv(cube)(2.0), deriv_named(cube)(1.0))
    print(twice(math.cos)(0.5))
    print(vg(math.exp)(0.0))
    print(partial1(mul)(2.0, 3.0))
    print(jac(np.tanh)(np.array([0.1, 0.2])))
    d = lambda f: grad(f)
    print(d(d(cube))(1.0))
    print(deriv(abs)(-2.0))
