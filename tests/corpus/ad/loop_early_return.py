# fd: first_big [0.7]
# fd: first_big [1.9]
# return from inside loops.
from myia import grad


def first_big(x):
    p = 1.0
    for i in range(10):
        p = p * x + 0.5
        if p > 3.0:
            return p * i
    return -p


def find(x):
    i = 0
    while i < 100:
        if x * i > 4.0:
            return x * x * i
        i = i + 1
    return 0.0


def main():
    for x in (0.7, 1.2, 1.9):
        print(grad(first_big)(x))
    print(grad(find)(0.3), grad(find)(1.1))
