# fd: f [1.1, 0.4]
# Lambdas capturing variables, assigned to names and called.
import math
from myia import grad


def f(x, y):
    sq = lambda t: t * t
    lin = lambda t: x * t + y
    both = lambda t: sq(lin(t)) + math.exp(t * y)
    return both(x) + both(0.5) * sq(y)


def main():
    print(grad(f, (0, 1))(1.1, 0.4))
    print(grad(lambda a: (lambda b: a * b * b)(a + 1.0))(2.0))
