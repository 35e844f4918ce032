# tol: 1e-4
# fd: dsin [0.6]
# Second derivatives of the math functions.
import math
from myia import grad


def dsin(x):
    return grad(math.sin)(x)


def ex(x):
    return math.exp(x)


def lg(x):
    return math.log(x)


def sq(x):
    return math.sqrt(x)


def th(x):
    return math.tanh(x)


def tn(x):
    return math.tan(x)


def cs(x):
    return math.cos(x)


def main():
    for x in (0.3, 0.6, 1.2):
        print(grad(dsin)(x), -math.sin(x))
        print(grad(grad(cs))(x), grad(grad(ex))(x), grad(grad(lg))(x), grad(grad(sq))(x))
        print(grad(grad(th))(x), grad(grad(tn))(x))
