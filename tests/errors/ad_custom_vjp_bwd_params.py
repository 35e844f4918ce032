# error: 20:17: f_bwd must take two arguments
"""A backward rule of one parameter: one error, at the rule in defvjp (not
also "f has no rule")."""
from myia import grad, custom_vjp


@custom_vjp
def f(x):
    return x * x


def f_fwd(x):
    return f(x), x


def f_bwd(res):
    return (res,)


f.defvjp(f_fwd, f_bwd)


def main():
    print(grad(f)(2.0))
