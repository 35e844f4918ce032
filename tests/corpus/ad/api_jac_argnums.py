# fd: f [2.0, 3.0]
# fd: g [2.0, 3.0, 0.5]
# jacfwd, jacrev and hessian with argnums a tuple, as in JAX: the
# Jacobian with respect to the tuple of those arguments, so one Jacobian
# per argument (inside each part of a tuple output).
import numpy as np
from myia import jacfwd, jacrev, hessian


def f(x, y):
    return x * y + x * x * y


def g(x, y, z):
    return x * y - y * z * x + z


def h(x, y, z):
    return (x * y, y * z * x, z)


def v(w, s):
    return w * s + np.sin(w)


def p(a, b):
    return (a[0] * b, a[1] + b * b)


def main():
    print(jacfwd(f, (0, 1))(2.0, 3.0))
    print(jacrev(f, argnums=(0, 1))(2.0, 3.0))
    print(jacrev(f, argnums=(1, 0))(2.0, 3.0))
    print(jacfwd(f, (1,))(2.0, 3.0))
    print(jacfwd(h, (0, 2))(2.0, 3.0, 0.5))
    print(jacrev(h, (0, 2))(2.0, 3.0, 0.5))
    print(jacfwd(v, (0, 1))(np.array([1.0, 2.0]), 0.5))
    print(jacrev(v, (0, 1))(np.array([1.0, 2.0]), 0.5))
    print(jacfwd(p, (0, 1))((1.0, 2.0), 0.5))
    print(jacrev(p, (0, 1))((1.0, 2.0), 0.5))
    print(hessian(f, (0, 1))(2.0, 3.0))
    print(hessian(g, argnums=(0, 2))(2.0, 3.0, 0.5))
    print(jacfwd(jacrev(f, (0, 1)), (0, 1))(2.0, 3.0))
