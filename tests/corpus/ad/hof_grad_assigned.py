# fd: solve [1.5]
# fd: slope2 [0.7, 1.3]
# The gradient of a function value (a parameter), assigned to a name and
# called later: Newton's method, a closure calling it, argnums.
import math
from myia import grad, value_and_grad


def newton(f, x, steps):
    df = grad(f)
    for i in range(steps):
        x = x - f(x) / df(x)
    return x


def descend(loss, w, lr):
    vg = value_and_grad(loss)
    for k in range(3):
        value, g = vg(w)
        w = w - lr * g
    return w, value


def both(f, a, b):
    g = grad(f, (0, 1))
    return g(a, b)


def tangent_line(f, x0):
    d = grad(f)
    return lambda x: f(x0) + d(x0) * (x - x0)


def sq2(x):
    return x * x - 2.0


def bowl(w):
    return (w - 3.0) ** 2


def prod(a, b):
    return a * b * b


def solve(c):
    return newton(lambda x: x * x * x - c, 1.0, 6)


def slope2(a, b):
    return both(prod, a, b)[0] + both(prod, a, b)[1]


def main():
    print(newton(sq2, 1.0, 5), math.sqrt(2.0))
    print(newton(math.cos, 1.0, 4))
    print(descend(bowl, 0.0, 0.25))
    print(both(prod, 2.0, 3.0))
    print(tangent_line(math.exp, 0.0)(0.5))
    print(solve(8.0))
