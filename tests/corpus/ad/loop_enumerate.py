# fd: f [0.7]
# fd: dot [[1.0, -2.0, 0.5]]
# enumerate over a tuple: the index and the element.
from myia import grad

W = (0.5, -1.0, 2.0, 0.25)


def f(x):
    s = 0.0
    for i, w in enumerate(W):
        s = s + w * x ** (i + 1)
    return s


def dot(t):
    s = 0.0
    for i, v in enumerate(t):
        s = s + (i + 1) * v * v
    return s


def main():
    print(grad(f)(0.7))
    print(grad(dot)((1.0, -2.0, 0.5)))
