# tol: 1e-3
# fd: cube_d2 [1.5]
# Second derivatives of a function passed as an argument (a lambda the
# optimizer cannot see into at the call).
from myia import grad, value_and_grad


def d2(g, x):
    return grad(grad(g))(x)


def vg(g, x):
    return value_and_grad(grad(g))(x)


def scaled(g, x):
    return grad(lambda y: grad(g)(y) * y)(x)


def slope(g, x):
    return grad(lambda y: value_and_grad(g)(y)[1])(x)


def cube_d2(x):
    return d2(lambda y: y * y * y, x)


def main():
    print(d2(lambda x: x * x, 1.0))
    print(vg(lambda x: x * x * x, 2.0))
    print(scaled(lambda x: x * x * x, 2.0))
    print(slope(lambda x: x * x * x, 2.0))
    print(cube_d2(1.5))
