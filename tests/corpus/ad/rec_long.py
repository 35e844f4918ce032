# fd: f [0.7, 400]
# A deep linear recursion (400 calls).
from myia import grad


def f(x, n):
    if n == 0:
        return x
    return f(x, n - 1) * 0.995 + x * x * 0.01


def main():
    print(f(0.7, 400), grad(f)(0.7, 400))
