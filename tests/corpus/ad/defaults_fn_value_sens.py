# fd: via_tuple [1.5, 0.5]
# fd: via_apply [1.5, 0.5]
# fd: via_loop [0.7, 1.3]
# fd: override [1.5, 0.5, 2.0]
# fd: two_defaults [1.5, 0.5]
# fd: branch [1.5, -0.5]
"""The sensitivity of a parameter whose default is computed where the def
stands (def f(x, w=w) in a function), when the function is called through
a function value with fewer arguments, which fills the default when it
runs: it goes to the captured value (it was dropped). A call that passes
the parameter explicitly counts it once."""
from myia import grad, value_and_grad


def via_tuple(w, x):
    def f(x, w=w):
        return w * x * x
    fs = (f,)
    return fs[0](x)


def apply(g, x):
    return g(x)


def via_apply(w, x):
    def f(x, w=w * w):
        return w * x
    return apply(f, x)


def via_loop(a, x):
    fs = ()
    for k in range(3):
        w = a * (k + 1)
        fs = fs + (lambda x, w=w: w * x,)
    s = x
    for f in fs:
        s = f(s)
    return s


def override(w, x, v):
    def f(x, w=w):
        return w * x
    fs = (f, f)
    return fs[0](x) + fs[1](x, v) + fs[0](x, w)


def two_defaults(w, x):
    def f(x, a=w, b=w * 3.0):
        return a * x + b * b
    fs = (f,)
    return fs[0](x) + fs[0](x, 2.0)


def branch(w, x):
    def f(x, w=w):
        return w * x
    def h(x, u=x * w):
        return u + x
    g = f if x > 0.0 else h
    return apply(g, x)


def main():
    print(grad(via_tuple)(1.5, 0.5))
    print(grad(via_tuple, (0, 1))(1.5, 0.5))
    print(grad(via_apply, (0, 1))(1.5, 0.5))
    print(value_and_grad(via_loop, (0, 1))(0.7, 1.3))
    print(grad(via_loop)(0.7, 1.3))
    print(grad(override, (0, 1, 2))(1.5, 0.5, 2.0))
    print(grad(override)(1.5, 0.5, 2.0))
    print(grad(two_defaults, (0, 1))(1.5, 0.5))
    print(grad(branch, (0, 1))(1.5, -0.5))
    print(grad(branch, (0, 1))(1.5, 0.5))
    print(grad(grad(via_tuple))(1.5, 0.5))
    print(grad(grad(via_apply, 1))(1.5, 0.5))
