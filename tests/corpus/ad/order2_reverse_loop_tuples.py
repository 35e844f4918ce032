# fd: dloss [0.5, 0.1]
# fd: dscan [0.7, 1.0]
"""Second derivatives through loops over tuples. With --reverse-grad
(TestADCorpusReverse) it is reverse mode over reverse mode, whose
environments of sensitivities nest with each step of the loops; by
default the outer gradient w.r.t. two arguments is forward mode over the
inner reverse mode (docs/ad.md, "Which mode")."""
import math
from myia import grad


def loss(w, b):
    m = lambda x: w * x
    e = 0.0
    for x, y in ((1.0, 0.1), (2.0, 0.3)):
        e = e + m(x) ** 2 - y
    return e * b


def scan(f, init, xs):
    carry = init
    ys = ()
    for x in xs:
        carry, y = f(carry, x)
        ys = ys + (y,)
    return carry, ys


def scan_loss(a, b):
    c, ys = scan(lambda c, x: (c * a + x, math.tanh(c) * b), 0.0, (1.0, 2.0, -1.0, 0.5))
    return c + sum(ys)


def dloss(w, b):
    return grad(loss, (0, 1))(w, b)[0]


def dscan(a, b):
    return grad(scan_loss, (0, 1))(a, b)[0]


def main():
    print(grad(dloss, (0, 1))(0.5, 0.1))
    print(grad(lambda a, b: grad(scan_loss, (0, 1))(a, b)[0], (0, 1))(0.7, 1.0))
