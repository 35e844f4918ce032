# fd: f [0.45]
# range with start, stop and step, counting down too.
from myia import grad


def f(x):
    s = 0.0
    for i in range(2, 11, 3):
        s = s + x ** i
    for j in range(5, 0, -1):
        s = s * x + j
    for k in range(-3, 3, 2):
        s = s + k * x
    return s


def main():
    print(grad(f)(0.45))
    print(grad(f)(-0.8))
