# tol: 1e-3
# fd: f [0.8]
# Third order through a closure capturing the differentiation variable.
import math
from myia import grad


def f(x):
    def h(y):
        return math.sin(x * y)
    return h(x) * x


def main():
    print(grad(grad(grad(f)))(0.8))
    print(grad(grad(grad(f)))(-0.3))
