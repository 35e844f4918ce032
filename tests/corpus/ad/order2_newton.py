# tol: 1e-4
# fd: root [2.0]
# Newton's method using grad inside, differentiated with respect to the
# parameter: root(a) = a^(1/3), root'(a) = a^(-2/3) / 3.
from myia import grad


def root(a):
    def g(x):
        return x * x * x - a
    x = 1.0
    for i in range(25):
        x = x - g(x) / grad(g)(x)
    return x


def main():
    for a in (2.0, 8.0):
        print(root(a), grad(root)(a), a ** (-2.0 / 3.0) / 3.0)
