# fd: loss_s [0.4, 0.9]
# tol: 1e-4
# Jacobians of a function from a small array to a small array, with
# jacrev and jacfwd (shape: output shape + input shape), and jvp.
import numpy as np
from myia import jacrev, jacfwd, jvp


def show(name, g):
    print(name, g.shape)
    for v in g.reshape(-1):
        print(" ", v)


def f(x):
    a = np.array([[1.0, 2.0, 0.0], [0.0, -1.0, 3.0]])
    return np.tanh(a @ x) + x[0] * x[1]


def loss_s(p, q):
    j = jacrev(f)(np.array([p, q, p * q]))
    return np.sum(j * j)


def main():
    x = np.array([0.5, -0.25, 0.75])
    print(f(x))
    jr = jacrev(f)(x)
    jf = jacfwd(f)(x)
    show("jacrev", jr)
    show("jacfwd", jf)
    out, t = jvp(f, (x,), (np.array([1.0, 0.0, 0.0]),))
    print(out)
    show("jvp", t)
    print(loss_s(0.4, 0.9))
