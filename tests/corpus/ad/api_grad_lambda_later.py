# fd: use [0.7]
# grad of a lambda and of a local def, stored and called later.
from myia import grad


def use(x):
    def h(y):
        return y * y * x
    dh = grad(h)
    dl = grad(lambda y: y * x * 3.0)
    return dh(2.0) + dl(1.0) * x


def main():
    print(use(0.7), grad(use)(0.7))
