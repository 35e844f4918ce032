# tol: 1e-4
# fd: f [0.6]
# A loop that calls grad at each iteration, inside a differentiated function.
import math
from myia import grad


def f(x):
    s = 0.0
    for i in range(1, 4):
        s = s + grad(lambda t: math.sin(t * i) * x)(x)
    return s


def main():
    print(f(0.6), grad(f)(0.6))
    print(grad(grad(f))(0.6))
