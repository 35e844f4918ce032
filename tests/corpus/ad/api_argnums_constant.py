# fd: f [3.0, 4.0]
# argnums given by a top-level constant: an int, or a tuple of ints (it
# was "argnums must be an int, a tuple of ints or a parameter name,
# known at compile time").
from myia import grad, value_and_grad, jacrev

WRT = 1
BOTH = (0, 1)


def f(x, y):
    return x * y + y * y


def main():
    print(grad(f, WRT)(3.0, 4.0), grad(f, BOTH)(3.0, 4.0))
    print(value_and_grad(f, argnums=BOTH)(3.0, 4.0))
    print(jacrev(f, BOTH)(1.0, 2.0))
