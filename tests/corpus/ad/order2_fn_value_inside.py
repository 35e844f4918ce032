# fd: f [0.5]
# A gradient w.r.t. a float beside a function value (reverse mode),
# inside a gradient w.r.t. one float: the outer one cannot be forward
# mode over it, and the pipeline builds it in reverse mode.
from myia import grad


def f(x):
    h = lambda t: t * x
    return grad(lambda y, k: k(y) * y)(x, h)


def main():
    print(f(0.5), grad(f)(0.5))
    print(grad(grad(f))(0.5))
