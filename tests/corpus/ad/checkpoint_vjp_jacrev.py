# fd: g [0.5, 1.2]
# One checkpoint(f) given to vjp and, through a lambda, to jacrev: its
# rule is reached only through J at run time (-O1 emptied it).
from myia import grad, checkpoint, vjp, jacrev


def f(x, y):
    return x * y


def g(x, y):
    c = checkpoint(f)
    return c(x, y) + c(y, x) * x


def main():
    c = checkpoint(f)
    print(vjp(c, 0.5, 1.2)[1](1.0))
    print(jacrev(lambda t: c(t[0], t[1]))((0.5, 1.2)))
    print(grad(g, (0, 1))(0.5, 1.2))
