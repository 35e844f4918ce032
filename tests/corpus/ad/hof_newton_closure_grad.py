# fd: root_of [2.0]
# fd: one_step [2.0]
# fd: damped [0.8]
"""grad of code that takes grad of a closure it was given: Newton's
method on lambda x: x * x - c, differentiated w.r.t. c. The closure is
called and differentiated (J of its fprop, second order), in a loop or
not; the typed optimizer moves the typed J graph to where the J stands,
so the native backends compile it."""
import math
from myia import grad, value_and_grad


def f(x):
    return x * x * x - 2.0 * x - 5.0


def newton(f, x, n):
    df = grad(f)
    for i in range(n):
        x = x - f(x) / df(x)
    return x


def step(f, x):
    df = grad(f)
    return x - f(x) / df(x)


def root_of(c):
    return newton(lambda x: x * x - c, 1.0, 8)


def one_step(c):
    return step(lambda x: x * x - c, 1.0)


def damped(a):
    x = 1.0
    g = lambda t: t * t * t + a * t - 1.0
    i = 0
    while i < 5:
        x = x - 0.5 * g(x) / grad(g)(x)
        i = i + 1
    return x


def main():
    print(newton(f, 2.0, 10))
    print(root_of(2.0), math.sqrt(2.0))
    print(grad(root_of)(2.0), 0.5 / math.sqrt(2.0))
    print(value_and_grad(one_step)(2.0))
    print(grad(damped)(0.8))
