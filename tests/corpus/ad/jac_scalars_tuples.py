# fd: g [1.0, 2.0]
# fd: h [[1.0, 2.0]]
# jacfwd, jacrev and hessian of functions of several scalars (with
# argnums) and of a tuple, and jacfwd of jacrev.
import math
from myia import jacfwd, jacrev, hessian


def f(x, y):
    return (x * y, x + math.exp(y))


def g(x, y):
    return x * x * y + math.sin(y) * x


def h(p):
    a, b = p
    return a * a * b + b * b * b


def main():
    print(jacfwd(f)(1.0, 2.0))
    print(jacrev(f)(1.0, 2.0))
    print(jacfwd(f, (0, 1))(1.0, 2.0))
    print(jacrev(f, argnums=(0, 1))(1.0, 2.0))
    print(hessian(g)(1.0, 2.0))
    print(hessian(g, (0, 1))(1.0, 2.0))
    print(jacfwd(h)((1.0, 2.0)))
    print(jacrev(h)((1.0, 2.0)))
    print(hessian(h)((1.0, 2.0)))
    print(jacfwd(jacrev(g))(1.0, 2.0))
    print(jacrev(jacfwd(g, 1), 1)(1.0, 2.0))
