# tol: 1e-4
# fd: second [0.7]
# fd: grad_of_tangent [0.4]
# Forward mode composed with itself and with reverse mode, through loops:
# jvp of jvp, jvp of grad (forward over reverse), grad of jvp (reverse
# over forward) and hessian (jacfwd of jacrev).
import math
from myia import grad, jvp, jacfwd, hessian


def f(x):
    s = 1.0
    i = 0
    while i < 4:
        s = s * x + math.sin(x * i)
        i = i + 1
    return s


def g(p):
    a = p[0]
    b = p[1]
    for i in range(3):
        a = a * b + 0.5
        b = math.cos(a) + b
    return a * b


def first(x):
    return jvp(f, (x,), (1.0,))[1]


def second(x):
    return jvp(first, (x,), (1.0,))[1]


def fwd_over_rev(x):
    return jvp(grad(f), (x,), (1.0,))[1]


def tangent(x):
    return jvp(f, (x,), (1.0,))[1]


def grad_of_tangent(x):
    return grad(tangent)(x)


def main():
    print(first(0.7), second(0.7))
    print(fwd_over_rev(0.7))
    print(grad_of_tangent(0.4))
    print(hessian(f)(0.7))
    print(hessian(g)((0.3, 0.8)))
    print(jvp(lambda p: grad(g)(p), ((0.3, 0.8),), ((1.0, 0.0),)))
