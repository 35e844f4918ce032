# fd: cube [1.5]
# tol: 1e-4
# The n-th derivative by a loop in a function, nth(f, n), with n a
# parameter its caller gives as a constant: the function keeps its
# constants and the loop is unrolled (it was "derivatives nested more
# than 5 deep").
from myia import grad


def nth(f, n):
    for i in range(n):
        f = grad(f)
    return f


def cube(x):
    return x * x * x


def main():
    print(nth(cube, 2)(1.5))
