# error: 17:1: for the argument p of f, a cotangent of the same structure (tuple[tuple[float, float], float]), got tuple[float, float]
"""A custom_vjp backward rule whose cotangent has its argument's
structure at the top (a pair) but not below (a float for a pair): the
gradient was silently zeros."""
from myia import grad, custom_vjp


@custom_vjp
def f(p):
    return p[0][0] * p[0][1] + p[1]


def f_fwd(p):
    return f(p), p


def f_bwd(res, g):
    return ((g, g),)


f.defvjp(f_fwd, f_bwd)


def main():
    print(grad(f)(((2.0, 3.0), 4.0)))
