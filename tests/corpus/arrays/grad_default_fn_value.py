# fd: via_tuple_s [3.0, 4.0]
# fd: via_apply_s [3.0, 4.0]
# fd: loop_s [0.3, 0.7]
# fd: override_s [3.0, 4.0]
# fd: freed_s [3.0, 4.0]
# The gradient w.r.t. an array a closure captures as a default (w=w),
# when the closure is called through a function value that leaves the
# parameter to its default (a tuple, an argument, lambdas built in a
# loop): the call fills the default when it runs, and the parameter's
# sensitivity must reach the captured array (it was dropped: zeros). A
# call that passes the parameter explicitly counts it once. In freed,
# the native backends freed the captured array after its last use by an
# application (np.tanh), before the closure was made (a crash).
import numpy as np
from myia import grad


def via_tuple(w, x):
    def f(x, w=w):
        return np.sum(w * x)
    fs = (f,)
    return fs[0](x)


def apply(g, x):
    return g(x)


def via_apply(w, x):
    def f(x, w=w):
        return np.sum(np.tanh(w * x))
    return apply(f, x)


def build(ws):
    fs = ()
    for w in ws:
        fs = fs + ((lambda x, w=w: w * x),)
    return fs


def loop(ws, x):
    for f in build(ws):
        x = f(x)
    return np.sum(x)


def override(w, x):
    def f(x, w=w):
        return np.sum(w * x)
    fs = (f,)
    return fs[0](x) + fs[0](x, w) + fs[0](x, 2.0 * x)


def freed(w, x):
    z = np.tanh(w)

    def f(x, w=w):
        return w * x
    fs = (f,)
    return np.sum(fs[0](x) * z)


def via_tuple_s(a, b):
    return via_tuple(np.array([1.0, 2.0]), np.array([a, b]))


def via_apply_s(a, b):
    return via_apply(np.array([a, b]), np.array([0.5, -1.0]))


def loop_s(a, b):
    ws = (np.array([a, b]), np.array([0.5, -1.0]))
    return loop(ws, np.array([a, 2.0]))


def override_s(a, b):
    return override(np.array([a, b]), np.array([3.0, -1.0]))


def freed_s(a, b):
    return freed(np.array([a, b]), np.array([0.5, -1.0]))


def main():
    w = np.array([1.0, 2.0])
    x = np.array([3.0, 4.0])
    print(grad(via_tuple)(w, x))
    print(grad(via_tuple, (0, 1))(w, x))
    print(grad(via_apply)(w, x))
    ws = (np.array([1.0, 2.0]), np.array([0.5, -1.0]))
    print(grad(loop)(ws, x))
    print(grad(override)(w, x))
    print(grad(override, 1)(w, x))
    print(grad(via_tuple_s)(3.0, 4.0))
    print(grad(via_apply_s)(3.0, 4.0))
    print(freed(w, x))
    print(grad(freed)(w, x))
