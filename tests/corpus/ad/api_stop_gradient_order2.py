# out: by hand: CPython's stop_gradient is the identity (finite differences see the primal function)
# tol: 1e-4
# fd: g [1.5]
# stop_gradient under second order, and in a function called by grad of grad.
from myia import grad, stop_gradient


def f(x):
    return x * x * stop_gradient(x * x)


def g(x):
    return x * x * x


def main():
    # f'(x) = 2x * x^2 (the stopped factor is a constant), f''(x) = 2 * x^2
    print(grad(f)(1.5), grad(grad(f))(1.5))
    print(grad(grad(lambda x: g(x) + stop_gradient(g(x))))(1.5))
