# tol: 1e-4
# fd: cube [2.0]
# hessian, jacrev, jacfwd, jvp and vjp of lambdas and closures: these are
# differentiated at run time (J of a closure value), also after the
# optimizer has rewritten the graphs they come from.
import math
from myia import hessian, jacrev, jacfwd, jvp, vjp


def cube(x):
    return x * x * x


def main():
    print(hessian(lambda x: x * x * x)(2.0))
    print(hessian(cube)(-1.5))
    k = 0.5
    print(hessian(lambda x: math.sin(k * x) * x)(1.2))
    print(jacrev(lambda p: (p[0] * p[1], p[0] + p[1]))((2.0, 3.0)))
    print(jacfwd(lambda p: (p[0] * p[1], math.exp(p[1])))((2.0, 0.5)))
    print(jvp(lambda x: math.tanh(k * x), (0.3,), (1.0,)))
    out, back = vjp(lambda x, y: x * y + k, 2.0, 3.0)
    print(out, back(1.0))
