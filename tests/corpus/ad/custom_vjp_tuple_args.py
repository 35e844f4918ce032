# fd: loss [0.5, 1.5]
# A custom_vjp of tuple arguments and an int: the rule returns tuple
# cotangents for the tuples and 0 for the int.
import math
from myia import grad, custom_vjp, value_and_grad


@custom_vjp
def dot2(p, q, n):
    return (p[0] * q[0] + p[1] * q[1]) * n


def dot2_fwd(p, q, n):
    return dot2(p, q, n), (p, q, n)


def dot2_bwd(res, g):
    p, q, n = res
    return ((g * q[0] * n, g * q[1] * n), (g * p[0] * n, g * p[1] * n), 0)


dot2.defvjp(dot2_fwd, dot2_bwd)


def loss(a, b):
    s = 0.0
    for k in range(1, 3):
        s = s + dot2((a, b), (math.sin(a), b * b), k)
    return s


def main():
    print(grad(dot2)((1.0, 2.0), (3.0, 4.0), 2))
    print(grad(dot2, (0, 1, 2))((1.0, 2.0), (3.0, 4.0), 2))
    print(value_and_grad(loss, (0, 1))(0.5, 1.5))
