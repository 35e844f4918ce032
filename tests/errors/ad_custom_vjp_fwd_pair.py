# error: 11:1: f_fwd must return a pair (output of f, residuals)
"""A custom_vjp forward rule returning the output alone, without residuals."""
from myia import grad, custom_vjp


@custom_vjp
def f(x):
    return x * x


def f_fwd(x):
    return f(x)


def f_bwd(res, g):
    return (g * res,)


f.defvjp(f_fwd, f_bwd)


def main():
    print(grad(f)(2.0))
