# fd: f [0.5, -1.5, 2.0]
# The forms of argnums: an int, a tuple (in any order), a one-element tuple,
# the keyword form.
from myia import grad, value_and_grad


def f(x, y, z):
    return x * y * y + z * x - y * z * z


def main():
    a = (0.5, -1.5, 2.0)
    print(grad(f)(0.5, -1.5, 2.0))
    print(grad(f, 1)(0.5, -1.5, 2.0))
    print(grad(f, 2)(0.5, -1.5, 2.0))
    print(grad(f, (0, 2))(0.5, -1.5, 2.0))
    print(grad(f, (2, 0))(0.5, -1.5, 2.0))
    print(grad(f, (1,))(0.5, -1.5, 2.0))
    print(grad(f, argnums=1)(0.5, -1.5, 2.0))
    print(grad(f, argnums=(0, 1, 2))(0.5, -1.5, 2.0))
    print(value_and_grad(f, argnums=(1, 2))(0.5, -1.5, 2.0))
