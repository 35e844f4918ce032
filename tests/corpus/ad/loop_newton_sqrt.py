# fd: newton_sqrt [2.0]
# fd: newton_sqrt [9.5]
# Differentiating through Newton's iterations for sqrt(a): close to 1/(2 sqrt a).
import math
from myia import grad


def newton_sqrt(a):
    x = 1.0
    for i in range(30):
        x = 0.5 * (x + a / x)
    return x


def main():
    for a in (0.5, 2.0, 9.5):
        print(newton_sqrt(a), grad(newton_sqrt)(a), 0.5 / math.sqrt(a))
