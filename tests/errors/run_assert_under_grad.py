# error: 9:5: x must be positive
"""A failing assert in a function differentiated by forward mode (grad
w.r.t. one float, jacfwd) fails: the tangent does not read the value
that holds it, which was dropped with the assert."""
from myia import grad, jacfwd


def f(x):
    assert x > 0.0, "x must be positive"
    return x * x


def main():
    print(jacfwd(f)(2.0))
    print(grad(f)(-3.0))
