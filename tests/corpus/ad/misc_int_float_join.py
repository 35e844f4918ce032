# fd: f [0.6]
# A variable that is an int before the loop and a float inside it.
from myia import grad


def f(x):
    s = 0
    for i in range(4):
        s = s + x * i
    return s * x


def main():
    print(grad(f)(0.6))
