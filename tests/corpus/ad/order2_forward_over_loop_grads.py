# fd: d2a [0.7, 1.0]
# fd: dscan_a [0.7, 1.0]
# tol: 1e-5
"""The derivative w.r.t. one float of a gradient w.r.t. several, each
through a loop over a tuple: forward mode over the inner reverse mode
(docs/ad.md, "Which mode"). The forward transform of the loop's reverse
pass keeps graphs that the optimizer must not empty while the J
transform may still hand them out (opt/inline.go, namedByDeadJ), and
the zero of the first step's unbound loop variable is its placeholder
(opt/zeros.go)."""
import math
from myia import grad


def h(a, b):
    c = 0.0
    for x in (1.0, 2.0, 0.5):
        c = c * a + x
    return c * b


def scan(f, init, xs):
    carry = init
    ys = ()
    for x in xs:
        carry, y = f(carry, x)
        ys = ys + (y,)
    return carry, ys


def scan_loss(a, b):
    c, ys = scan(lambda c, x: (c * math.sin(a) + x, math.tanh(c) * b), 0.0, (1.0, 2.0, -1.0))
    return c + sum(ys)


def d2a(a, b):
    return grad(h, (0, 1))(a, b)[0]


def dscan_a(a, b):
    return grad(scan_loss, (0, 1))(a, b)[0]


def main():
    print(grad(d2a, 0)(0.7, 1.0))
    print(grad(lambda a, b: grad(h, (0, 1))(a, b)[1], 1)(0.7, 1.0))
    print(grad(dscan_a, 0)(0.7, 1.0))
    print(grad(lambda a, b: grad(scan_loss, (0, 1))(a, b)[1], 0)(0.7, 1.0))
