# fd: f [1.25, 0]
# fd: f [1.25, 1]
# fd: f [1.25, 2]
# Branches on an int parameter select the formula; the gradient with
# respect to the int is 0.
from myia import grad


def f(x, k):
    if k == 0:
        return x * x
    elif k == 1:
        return x * x * x
    return x / k


def main():
    for k in (0, 1, 2, 5):
        print(k, grad(f, (0, 1))(1.25, k))
