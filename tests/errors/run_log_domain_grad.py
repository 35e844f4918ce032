# error: 11:13: math domain error
# stdout: -2.0\n
"""The derivative of math.log raises where math.log does, as under
CPython, where grad runs the function: its tangent and its adjoint do
not read the value that raised, which the optimizer dropped."""
import math
from myia import grad


def nll(p):
    return -math.log(p)


def main():
    print(grad(nll)(0.5))
    print(grad(nll)(-0.5))
