# fd: powers [0.5, -1.0]
# np.stack, np.concatenate and np.array of a list of arrays that a loop
# grows (its length known at run time only), natively too; and their
# gradients (the pieces of a list's sensitivity are a list; the adjoint of
# xs + [...] slices it), printed by main so that the native backends
# compute them too.
import numpy as np
from myia import grad


def stacked(x):
    xs = [x]
    for i in range(3):
        xs = xs + [xs[-1] * x]
    return np.sum(np.stack(xs) * np.arange(4).reshape(4, 1))


def powers(a, b):
    return stacked(np.array([a, b]))


def main():
    xs = [np.zeros(2)]
    for i in range(3):
        xs = xs + [np.ones(2) * (i + 1)]
    print(len(xs), np.stack(xs), np.concatenate(xs))
    print(np.array(xs))
    print(np.stack(xs, axis=1).shape, np.concatenate(xs, axis=0).shape)
    t = ()
    for i in range(3):
        t = t + (np.arange(i + 1),)
    print(t, np.concatenate(t))
    x = np.array([0.5, -1.0])
    print(stacked(x))
    print(powers(0.5, -1.0))
    print(grad(stacked)(x))
    print(grad(powers, (0, 1))(0.5, -1.0))
