# error: 9:13: changes type in the loop
"""A variable is a float before a loop and a tuple inside it, and the
number of iterations is not known at compile time."""


def f(n):
    s = 0.0
    for i in range(n):
        s = (s, i)
    return s


def main():
    for k in range(3):
        print(f(k))
