# fd: f [2.0, 3.0]
# A negative argnums counts from the end, as in JAX; in a tuple too.
from myia import grad, value_and_grad, jacfwd, jacrev, hessian


def f(x, y):
    return x * y * y


def g(a, b, c):
    return a * b + b * c * c


def main():
    print(grad(f, argnums=-1)(2.0, 3.0))
    print(grad(f, -2)(2.0, 3.0))
    print(grad(f, (-2, -1))(2.0, 3.0))
    print(grad(g, (0, -1))(1.0, 2.0, 3.0))
    print(value_and_grad(f, -2)(2.0, 3.0))
    print(jacfwd(f, -1)(2.0, 3.0), jacrev(f, -1)(2.0, 3.0))
    print(hessian(g, -1)(1.0, 2.0, 3.0))
    print(grad(grad(f, -1), -1)(2.0, 3.0))
