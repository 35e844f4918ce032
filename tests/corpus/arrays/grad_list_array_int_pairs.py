# fd: loss [0.3, -0.2]
# grad and value_and_grad of one function of a list of (array, int)
# pairs: natively, the list's zero sensitivities (list[tuple[array, int]])
# had no conversion to the list[tuple[array, float]] the reverse loop
# accumulates into.
import numpy as np
from myia import grad, value_and_grad


def loss_w(w, data):
    total = 0.0
    for x, label in data:
        total = total + np.sum(np.tanh(w * x)) * label
    return total


def loss(a, b):
    data = [(np.array([0.5, 1.0]), 1), (np.array([-1.0, 2.0]), 0), (np.array([3.0, 0.25]), 2)]
    return loss_w(np.array([a, b]), data)


def main():
    data = [(np.array([0.5, 1.0]), 1), (np.array([-1.0, 2.0]), 0), (np.array([3.0, 0.25]), 2)]
    w = np.array([0.3, -0.2])
    print(grad(loss_w)(w, data))
    print(value_and_grad(loss_w)(w, data))
    print(grad(loss, (0, 1))(0.3, -0.2))
