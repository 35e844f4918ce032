# fd: via_tuple [0.4]
# fd: chain [0.4]
# Gradients of functions that take a tuple of functions as an argument:
# J of the tuple is the tuple of the J of its elements, which the native
# backends compile (the elements read at a constant index, or in a loop).
import math
from myia import grad, value_and_grad


def apply2(fs, x):
    return fs[0](fs[1](x))


def compose(fs, x):
    for f in fs:
        x = f(x)
    return x


def via_tuple(x):
    return apply2((math.tanh, math.sin), x) * x


def chain(x):
    return compose((math.sin, math.exp, lambda t: t * t), x)


def main():
    print(grad(apply2, 1)((math.tanh, math.sin), 0.4))
    print(grad(compose, 1)((math.tanh, math.sin), 0.4))
    print(value_and_grad(compose, 1)((math.tanh, math.sin, math.exp), 0.4))
    print(grad(via_tuple)(0.4), grad(chain)(0.4))
