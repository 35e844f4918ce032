# fd: outer [0.7]
# fd: outer2 [0.3]
# grad of a function received as a parameter, inside a differentiated
# function, when it is a closure capturing values: a float, a tuple
# and an int of the enclosing function, and a closure made in a loop.
from myia import grad


def deriv_at(fn, x):
    return grad(fn)(x)


def outer(a):
    t = (a, 2.0 * a)
    k = 3
    return deriv_at(lambda z: z * t[0] + z * z * t[1] + k * z, 0.5) * a


def outer2(a):
    s = 0.0
    for i in range(3):
        c = a * i
        s = s + deriv_at(lambda z: c * z * z, 1.0 + i)
    return s


def main():
    print(outer(0.7), grad(outer)(0.7))
    print(outer2(0.3), grad(outer2)(0.3))
