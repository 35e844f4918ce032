# fd: d_loop [0.5, 0.3]
# fd: d_while [1.5, 0.5]
"""Second derivatives w.r.t. several arguments through loops: grad and
jacrev w.r.t. a tuple of arguments, of a function that itself takes a
gradient, are forward mode over the inner reverse mode (as hessian), one
forward pass per argument, so the native backends compile them."""
import math
from myia import grad, hessian, jacrev, value_and_grad


def outer_first(a, b):
    # Defined before the function whose gradient it takes: its gradient
    # is decided before that one's (frontend finishGrads, pending).
    return grad(d_loop, (0, 1))(a, b)


def f(x, y):
    s = 0.0
    for i in range(3):
        s = s + math.sin(x * s + y) * x
    return s


def f2(x, y):
    s = 0.0
    for i in range(3):
        s = s + math.sin(x * s + y) * x
    return s, s * y


def g(a, b):
    s = a
    while s < 10.0:
        s = s * 2.0 + b
    return s * a


def d_loop(a, b):
    return grad(f, (0, 1))(a, b)[0]


def d_while(a, b):
    return grad(g, (0, 1))(a, b)[1]


def main():
    print(grad(lambda a, b: grad(f, (0, 1))(a, b)[0], (0, 1))(0.5, 0.3))
    print(jacrev(jacrev(f, (0, 1)), (0, 1))(0.5, 0.3))
    print(hessian(f, (0, 1))(0.5, 0.3))
    print(jacrev(lambda a, b: jacrev(f2, (0, 1))(a, b), (0, 1))(0.5, 0.3))
    print(jacrev(lambda a: jacrev(f2, 1)(a, 0.3))(0.5))
    print(value_and_grad(d_while, (0, 1))(1.5, 0.5))
    print(grad(lambda a, b: value_and_grad(lambda x, y: f2(x, y)[0], (0, 1))(a, b)[1][0], (0, 1))(0.5, 0.3))
    print(outer_first(0.5, 0.3))
