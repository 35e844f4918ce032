# fd: net [0.5, 1.0]
# A custom_vjp sigmoid in a loop: grad, grad of the rule itself twice
# (through the residuals), and hessian (forward over the custom rule).
import math
from myia import grad, custom_vjp, hessian, jacrev


@custom_vjp
def sig(x):
    return 1.0 / (1.0 + math.exp(-x))


def sig_fwd(x):
    s = sig(x)
    return s, (s, 1.0 - s)


def sig_bwd(res, g):
    s, t = res
    return (g * s * t,)


sig.defvjp(sig_fwd, sig_bwd)


def net(w, x):
    h = x
    for i in range(3):
        h = sig(w * h + 0.1 * i)
    return h


def main():
    print(net(0.5, 1.0))
    print(grad(net)(0.5, 1.0))
    print(grad(net, (0, 1))(0.5, 1.0))
    print(grad(grad(sig))(0.3))
    print(hessian(net, (0, 1))(0.5, 1.0))
