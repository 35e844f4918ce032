# fd: solve [0.5]
# Differentiating through a fixed-point iteration: x = cos(a x), iterated
# to convergence; the derivative matches the implicit function theorem.
import math
from myia import grad


def solve(a):
    x = 0.5
    for i in range(200):
        x = math.cos(a * x)
    return x


def main():
    a = 0.5
    x = solve(a)
    print(x)
    print(grad(solve)(a))
    # dx/da = -x sin(a x) / (1 + a sin(a x))
    print(-x * math.sin(a * x) / (1.0 + a * math.sin(a * x)))
