# fd: loss [1.5]
# fd: through_closure [2.0]
# Keyword arguments in calls of function values inside differentiated
# code: the call is positional by the time the J transform sees it.
from myia import grad


def apply(f, x):
    return f(x, z=x, y=2.0)


def loss(w):
    return apply(lambda x, y, z: x * y * z * w, w)


def make(w):
    def inner(a, b=1.0, scale=2.0):
        return (a + b) * scale * w

    return inner


def through_closure(w):
    return make(w)(w, scale=w)


def main():
    print(grad(loss)(1.5))
    print(grad(through_closure)(2.0))
