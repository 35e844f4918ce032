# fd: f [0.9]
# fd: f [1.6]
# fd: g [0.3, 2.0]
# A loop left by break: how many iterations run depends on x.
from myia import grad


def f(x):
    s = 0.0
    for i in range(20):
        s = s + x * i
        if s > 10.0:
            break
    return s * x


def g(x, y):
    p = x
    while True:
        p = p * y
        if p > 5.0:
            break
    return p


def main():
    for x in (0.3, 0.9, 1.6, 4.0):
        print(grad(f)(x))
    print(grad(g, (0, 1))(0.3, 2.0))
