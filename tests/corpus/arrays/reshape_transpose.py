# fd: rt [0.5, -1.5, 2.0]
# reshape (a tuple, spread ints, -1 for the inferred size) and transpose
# (no axes, .T, an axes tuple on 3-d arrays), as functions and methods.
import numpy as np


def rt(a, b, c):
    x = np.array([a, b, c, a * b, b * c, c * a]).reshape(2, 3)
    return np.sum(x @ x.T) + np.sum(x.reshape(-1) * np.arange(6))


def main():
    x = np.arange(6)
    print(x.reshape(2, 3))
    print(x.reshape((3, 2)))
    print(np.reshape(x, (3, -1)))
    print(x.reshape(-1, 6))
    print(np.reshape(x, (2, 1, 3)).shape)
    m = x.reshape(2, 3)
    print(m.reshape(-1))
    print(m.T)
    print(np.transpose(m))
    print(m.transpose())
    t = np.arange(24).reshape(2, 3, 4)
    print(np.transpose(t, (1, 0, 2)).shape, t.transpose(2, 0, 1).shape)
    print(np.transpose(t, (2, 1, 0))[1])
    print(t.T.shape)
    print(t.transpose((0, 2, 1))[0])
    print(m.T.reshape(6))
    print(rt(0.5, -1.5, 2.0))
