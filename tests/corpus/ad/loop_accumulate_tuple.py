# fd: f [0.5, -0.25]
# A loop that rebuilds a tuple at each iteration (a little 2D dynamical system).
from myia import grad


def f(x, y):
    st = (x, y)
    for i in range(6):
        a, b = st
        st = (a * 0.9 - b * 0.2 + 0.1 * a * b, b * 0.8 + a * 0.3)
    return st[0] * st[0] + st[1]


def main():
    print(grad(f, (0, 1))(0.5, -0.25))
    print(grad(f, (0, 1))(1.0, 1.0))
