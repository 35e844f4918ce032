# fd: nll [[0.3, -0.2], [[0.5, 1], [-1.0, 0], [2.0, 1]]]
# grad and value_and_grad of one function of a list of (float, int)
# pairs: the zero sensitivities of the list, list[tuple[float, int]],
# become a list[tuple[float, float]] in the reverse loop, which the
# native backends could not convert.
import math
from myia import grad, value_and_grad


def nll(params, data):
    w, b = params
    total = 0.0
    for x, label in data:
        p = 1.0 / (1.0 + math.exp(-(w * x + b)))
        total = total - (label * math.log(p) + (1 - label) * math.log(1.0 - p))
    return total


def main():
    data = [(0.5, 1), (-1.0, 0), (2.0, 1)]
    print(grad(nll)((0.3, -0.2), data))
    print(value_and_grad(nll)((0.3, -0.2), data))
