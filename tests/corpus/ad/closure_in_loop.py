# fd: f [0.6]
# fd: g [1.2]
# Closures made inside a loop, capturing the loop variable and locals, and
# called in the same iteration.
from myia import grad


def f(x):
    s = 0.0
    for i in range(5):
        def h(y):
            return y * i + x
        s = s + h(x) * h(1.0)
    return s


def g(x):
    s = 1.0
    for c in (0.5, 1.5, -2.0):
        t = s * x
        h = lambda y: y * c + t
        s = h(s)
    return s


def main():
    print(grad(f)(0.6))
    print(grad(g)(1.2))
