# error: 15:1: f_bwd must return a tuple of 1 cotangent
"""A custom_vjp backward rule returning more cotangents than f has arguments."""
from myia import grad, custom_vjp


@custom_vjp
def f(x):
    return x * x


def f_fwd(x):
    return f(x), x


def f_bwd(res, g):
    return (g * res, g)


f.defvjp(f_fwd, f_bwd)


def main():
    print(grad(f)(2.0))
