# fd: state_loop [0.7]
# fd: nested [1.5]
# fd: softmax_max [2.0, 3.0]
"""Gradients through sum/max of tuples, tuple state in loops, lambdas with
defaults capturing a loop variable, recursion."""
import math
from myia import grad, value_and_grad, vjp, jvp


def poly_sum(x):
    return sum((x, x * x, x ** 3))


def softmax_max(x, y):
    return max((x * y, x + y, x - y))


def state_loop(x):
    s = (x, 1.0)
    for i in range(5):
        a, b = s
        s = (a * 0.5 + b, b * x)
    return s[0] + s[1]


def nested(x):
    fs = ()
    for i in range(3):
        fs = fs + (lambda y, i=i: y * i + x,)
    t = 0.0
    for f in fs:
        t = t + f(x)
    return t


def rec(x, n):
    if n == 0:
        return x
    return math.sin(rec(x, n - 1))


def main():
    print(grad(poly_sum)(2.0))
    print(grad(softmax_max, (0, 1))(2.0, 3.0))
    print(grad(state_loop)(0.7))
    print(grad(nested)(1.5))
    print(value_and_grad(rec)(0.5, 4))
    print(grad(grad(rec))(0.5, 3))
    print(jvp(state_loop, (0.7,), (1.0,)))
