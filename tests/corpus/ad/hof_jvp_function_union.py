# fd: both [1.5]
# tol: 1e-6
"""jvp and grad of a function value that may be one of several functions
without free variables (h = f if flag else g, in a loop that is not
unrolled; math.sin or math.cos): natively, forward mode of such a value
is the union of the functions' jvp graphs, chosen by its tag, as J's is
of their fprop graphs (backend/*/fntag.go, jOfTag)."""
import math
from myia import grad, jvp


def f(x):
    return x * x


def g(x):
    return 3.0 * x + math.sin(x)


def pick(flag):
    return f if flag else g


def both(x):
    s = 0.0
    for flag in (True, False):
        s = s + pick(flag)(x)
    return s


def main():
    for flag in (True, False):
        h = f if flag else g
        print(jvp(h, (2.0,), (1.0,)))
        print(grad(h)(0.5))
    s = 0.0
    i = 0
    while i < 3:
        h = pick(i % 2 == 0)
        s = s + jvp(h, (1.5,), (2.0,))[1] + grad(h)(1.5)
        i = i + 1
    print(s)
    for k in range(2):
        u = math.sin if k == 0 else math.cos
        print(jvp(u, (0.3,), (1.0,)))
        print(grad(u)(0.3))
    print(grad(both)(1.5))
