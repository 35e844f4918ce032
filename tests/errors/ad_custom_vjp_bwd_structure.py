# error: 16:1: for the argument p of f, a cotangent of the same structure
"""A custom_vjp backward rule returning a float for a tuple argument (its
gradient used to be zeros, silently)."""
from myia import grad, custom_vjp


@custom_vjp
def f(p):
    return p[0] * p[1]


def f_fwd(p):
    return f(p), p


def f_bwd(res, g):
    return (g * res[1],)


f.defvjp(f_fwd, f_bwd)


def main():
    print(grad(f)((2.0, 3.0)))
