# out: by hand: CPython's finite differences call f three times, at x and x ± h
# fd: f [3.0]
# fd: g [0.5, 2.0]
# A print or an assert in a function whose gradient forward mode takes
# (grad w.r.t. one float, jacfwd, hessian): the tangent does not read
# the output's value, which holds them, and both were dropped.
from myia import grad, jacfwd, hessian


def f(x):
    print("f at", x)
    return x * x


def g(x, y):
    assert x > 0.0, "x must be positive"
    return x * y


def main():
    print(grad(f)(3.0))
    print(jacfwd(f)(3.0))
    print(hessian(f)(3.0))
    print(grad(g)(0.5, 2.0))
    print(grad(lambda x: f(x) * 2.0)(1.5))
