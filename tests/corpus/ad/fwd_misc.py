# fd: tangent_defaults [0.5]
# Forward mode of functions with default arguments, custom_vjp rules
# (forward mode differentiates the function itself), checkpoint,
# branches returning tuples, int arguments, abs/max/min, jvp inside a
# loop of lambdas, and grad of a jvp of a primitive.
import math
from myia import jvp, jacfwd, grad, custom_vjp, checkpoint


@custom_vjp
def softclip(x):
    return math.tanh(x) * 2.0


def softclip_fwd(x):
    return softclip(x), x


def softclip_bwd(x, g):
    return (g * 2.0 * (1.0 - math.tanh(x) ** 2),)


softclip.defvjp(softclip_fwd, softclip_bwd)


def body(x):
    s = 0.0
    for i in range(10):
        s = s + math.sin(x * i) * 0.1
    return s


def f(x, y=2.0):
    return x * y + softclip(x)


def h(p):
    a, b = p
    if a > b:
        return (a * b, a - b)
    return (b * b, a + b)


def tangent_defaults(x):
    return jvp(f, (x,), (1.0,))[1] + jvp(checkpoint(body), (x,), (1.0,))[1]


def main():
    print(jvp(f, (0.5,), (1.0,)))
    print(jvp(f, (0.5, 3.0), (1.0, 1.0)))
    print(jvp(checkpoint(body), (0.3,), (1.0,)))
    print(jvp(h, ((1.0, 2.0),), ((1.0, 0.5),)))
    print(jvp(h, ((3.0, 2.0),), ((1.0, 0.5),)))
    print(jacfwd(h)((3.0, 2.0)))
    print(jvp(lambda n: n * 2, (3,), (0,)))
    print(jvp(lambda x, n: x ** n, (1.5, 3), (1.0, 0)))
    print(jvp(lambda x: abs(x) + max(x, 0.2) + min(x, 0.1), (-0.7,), (1.0,)))
    total = 0.0
    for i in range(4):
        total = total + jvp(lambda x: x * x * i, (1.5,), (1.0,))[1]
    print(total)
    print(grad(lambda x: jvp(math.exp, (x,), (x,))[1])(0.3))
    print(tangent_defaults(0.5))
