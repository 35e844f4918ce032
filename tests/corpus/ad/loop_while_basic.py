# fd: f [0.6, 5]
# fd: g [1.1]
# while loops with a counter: s = s * x + 1 (a geometric series).
from myia import grad


def f(x, n):
    s = 0.0
    i = 0
    while i < n:
        s = s * x + 1.0
        i = i + 1
    return s


def g(x):
    p = 1.0
    k = 1
    while k <= 4:
        p = p * (x + k)
        k += 1
    return p


def main():
    for n in (0, 1, 3, 5):
        print(n, grad(f)(0.6, n))
    print(grad(g)(1.1))
