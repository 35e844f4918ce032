# error: 15:1: f_bwd must return a tuple of 2 cotangents
"""A custom_vjp backward rule returning fewer cotangents than f has arguments."""
from myia import grad, custom_vjp


@custom_vjp
def f(x, y):
    return x * y


def f_fwd(x, y):
    return f(x, y), (x, y)


def f_bwd(res, g):
    x, y = res
    return (g * y,)


f.defvjp(f_fwd, f_bwd)


def main():
    print(grad(f, (0, 1))(2.0, 3.0))
