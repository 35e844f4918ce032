# fd: mix [0.5]
# fd: tot_of [0.7]
# A recursion whose loop over a tuple with elements of different types is
# unrolled, and whose recursive calls reach the same loop with a list:
# the recursion forgets the list's length, which the unrolled loop needs
# (inference keeps the recursion's constants). The reverse-mode gradient
# of np.array over such a tuple of lists and arrays undoes it with a
# recursion of that shape.
import numpy as np
from myia import grad


def tot(t):
    if len(t) == 0:
        return 0.0
    s = 0.0
    for i in range(len(t[0])):
        s = s + np.sum(t[0][i])
    return s + tot(t[1:])


def tot_of(x):
    return tot(((x, np.ones(2) * x), [x * x, 4.0], (np.arange(3) * x, [x, 1.0])))


def mix(x):
    b = np.array([[np.arange(2) * x, [1.0, x]], [[x, x], np.ones(2)]])
    return np.sum(b * b)


def main():
    print(tot(((1.0, np.ones(2)), [3.0, 4.0])))
    print(tot_of(0.7))
    print(grad(tot_of)(0.7))
    print(grad(tot_of, (0,))(0.7))
    print(mix(0.5))
    print(grad(mix)(0.5))
    print(grad(mix, (0,))(0.5))
