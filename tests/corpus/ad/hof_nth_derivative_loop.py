# fd: cube [1.5]
# tol: 1e-4
# The n-th derivative by a loop, g = grad(g) n times with n known at
# compile time: each iteration changes g's type, so the loop is
# unrolled (it was "derivatives nested more than 5 deep").
from myia import grad


def cube(x):
    return x * x * x


def main():
    g = cube
    for i in range(2):
        g = grad(g)
    print(g(1.5))
