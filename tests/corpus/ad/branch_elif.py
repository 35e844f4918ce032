# fd: piece [-2.5]
# fd: piece [0.5]
# fd: piece [3.25]
# A piecewise function written with an if/elif/elif/else chain.
import math
from myia import grad


def piece(x):
    if x < -1.0:
        return 2.0 * x + 1.0
    elif x < 1.0:
        return x * x * x
    elif x < 3.0:
        return math.sin(x)
    else:
        return math.sqrt(x)


def main():
    for x in (-2.5, -0.5, 0.5, 2.0, 3.25, 10.0):
        print(grad(piece)(x))
