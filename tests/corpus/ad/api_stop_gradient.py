# out: by hand: CPython's stop_gradient is the identity (finite differences see the primal function)
# fd: f [1.5]
# stop_gradient blocks the gradient through its argument.
from myia import grad, stop_gradient


def f(x):
    return x * x * x


def g(x):
    return x * stop_gradient(x)


def h(x, y):
    return stop_gradient(x * y) * x + y


def main():
    print(grad(f)(1.5))
    print(g(3.0), grad(g)(3.0))
    print(grad(lambda x: stop_gradient(x * x))(3.0))
    print(grad(h, (0, 1))(2.0, 5.0))
