# tol: 1e-4
# fd: nested [0.7]
# fd: down [0.3]
# fd: stepped [1.2]
# Gradients of loops whose backward steps read an int counter: the
# reversed loop computes the counter from its index instead of reading
# a tape (steps of 1, 2, -3; nested loops whose inner start depends on
# the outer counter; a counter the loop also branches on; a step that is
# a variable, which is recorded).
import math
from myia import grad


def nested(x):
    s = 0.0
    for i in range(4):
        for j in range(i, 5):
            s = s + x * i * j + math.sin(x * j)
    return s


def down(x):
    s = 1.0
    i = 10
    while i > 0:
        if i % 2 == 0:
            s = s * x + i
        else:
            s = s - x * i
        i -= 3
    return s


def stepped(x):
    s = 0.0
    k = 2
    for i in range(1, 12, k):
        s = s * 0.5 + math.cos(x * i)
    i = 0
    while i < 9:
        s = s + x * x * i
        i = i + 2
    return s


def runs(x, n):
    s = x
    for i in range(n):
        s = s * x + i
    return s


def strided(x, k):
    s = 0.0
    for i in range(0, 10, k):
        s = s * x + i
    return s


def main():
    print(grad(nested)(0.7))
    print(grad(down)(0.3))
    print(grad(stepped)(1.2))
    print(grad(runs)(1.5, 0), grad(runs)(1.5, 1), grad(runs)(1.5, 6))
    print(grad(strided)(0.5, 3), grad(strided)(0.5, 4))
