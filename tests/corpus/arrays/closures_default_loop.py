# fd: loss_s [0.3, 0.7]
# Lambdas made in a loop over a tuple of arrays, each capturing its array
# as a default (w=w), stored in a tuple built in the loop and applied by
# another function. The copies of the loop that the optimizer (inlining
# build) and inference (at -O0, the closure only a run-time J takes) made
# kept each lambda's default pointing at the original loop body, not at
# its copy: type inference failed ("not in the context", "no clone").
import numpy as np
from myia import grad


def build(ws):
    fs = ()
    for w in ws:
        fs = fs + ((lambda x, w=w: np.tanh(w * x)),)
    return fs


def apply_all(fs, x):
    for f in fs:
        x = f(x)
    return x


def loss(ws, x):
    return np.sum(apply_all(build(ws), x))


def loss_s(a, b):
    ws = (np.array([1.0, 2.0]), np.array([0.5, -1.0]))
    return loss(ws, np.array([a, b]))


def main():
    ws = (np.array([1.0, 2.0]), np.array([0.5, -1.0]))
    x = np.array([0.3, 0.7])
    print(apply_all(build(ws), x))
    print(build(ws)[1](np.ones(2)))
    print(loss(ws, x))
    print(grad(loss, argnums=1)(ws, x))
