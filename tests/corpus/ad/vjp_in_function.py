# fd: jvp_like [0.4, 1.3]
# vjp used inside a function that is differentiated (second order).
# tol: 1e-4
import math
from myia import grad, vjp


def f(x, y):
    return (math.sin(x) * y, x * x)


def jvp_like(x, y):
    out, pb = vjp(f, x, y)
    dx, dy = pb((1.0, 1.0))
    return dx + dy * out[0]


def main():
    print(jvp_like(0.4, 1.3))
    print(grad(jvp_like, (0, 1))(0.4, 1.3))
