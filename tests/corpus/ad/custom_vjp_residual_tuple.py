# fd: loss [0.5, 0.3]
# A custom_vjp rule with a tuple of residuals (a stable log-sum-exp),
# called in a loop, with grad, value_and_grad and vjp (pullback twice).
# The rule computes the true derivative, so CPython agrees.
import math
from myia import grad, custom_vjp, value_and_grad, vjp


@custom_vjp
def logexp(x, y):
    return math.log(math.exp(x) + math.exp(y))


def logexp_fwd(x, y):
    m = max(x, y)
    ex = math.exp(x - m)
    ey = math.exp(y - m)
    s = ex + ey
    return m + math.log(s), (ex / s, ey / s)


def logexp_bwd(res, g):
    px, py = res
    return (g * px, g * py)


logexp.defvjp(logexp_fwd, logexp_bwd)


def loss(x, y):
    s = 0.0
    for i in range(4):
        s = s + logexp(x * i, y)
    return s


def main():
    print(logexp(1.0, 2.0))
    print(grad(logexp, (0, 1))(1.0, 2.0))
    print(grad(loss, (0, 1))(0.5, 0.3))
    print(value_and_grad(loss)(0.5, 0.3))
    out, pb = vjp(logexp, 1.0, 2.0)
    print(out, pb(1.0), pb(3.0))
