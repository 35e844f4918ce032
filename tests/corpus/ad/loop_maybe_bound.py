# fd: f [1.3]
# fd: g [0.7]
# fd: h [1.1]
# Gradients through names bound inside loops and on one branch only, and
# read after: the value the last iteration or the taken branch gave them.
from myia import grad, value_and_grad


def f(x):
    for i in range(4):
        y = x * x * i + x
    return y * x


def g(x):
    out = 0.0
    for k in range(5):
        if k > 0:
            out = out + prev * x
        prev = x * k + 1.0
    return out


def h(x):
    if x > 1.0:
        a = x * x
    else:
        b = 3.0 * x
    if x > 1.0:
        return a
    return b


def main():
    print(grad(f)(1.3))
    print(grad(g)(0.7))
    print(grad(h)(1.1), grad(h)(0.5))
    print(value_and_grad(f)(2.0))
