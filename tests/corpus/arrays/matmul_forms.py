# fd: mf [0.5, -1.0, 2.0, 0.25]
# Matrix products in every 1-d/2-d combination, with @, np.dot,
# np.matmul and x.dot, on ints and floats.
import numpy as np


def mf(a, b, c, d):
    m = np.array([[a, b], [c, d]])
    v = np.array([a, d])
    return v @ m @ v + np.sum(m @ m) + np.dot(v, v)


def main():
    a = np.arange(6).reshape(2, 3)
    b = np.arange(12).reshape(3, 4)
    u = np.array([1, 2, 3])
    w = np.array([1, -1])
    print(u @ u, np.dot(u, u), u.dot(u))
    print(a @ u)
    print(w @ a)
    print(a @ b)
    print(np.matmul(a, b) - np.dot(a, b))
    print(a.dot(b))
    f = np.array([[0.5, 1.0], [1.5, 2.0]])
    g = np.array([0.25, -1.0])
    print(f @ g, g @ f, g @ g)
    print(f @ f)
    print(f @ np.eye(2) - f)
    print((a @ b).shape, (a.T @ a).shape, (a @ a.T).shape)
    print(mf(0.5, -1.0, 2.0, 0.25))
