# fd: f [0.8]
# A while loop whose body defines and calls a recursive closure.
from myia import grad


def f(x):
    s = 0.0
    i = 1
    while i <= 3:
        def pw(n):
            if n == 0:
                return 1.0
            return x * pw(n - 1)
        s = s + pw(i) / i
        i = i + 1
    return s


def main():
    print(grad(f)(0.8))
    print(grad(f)(-1.1))
