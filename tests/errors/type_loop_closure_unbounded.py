# error: 13:13: 'h' changes type at every iteration of the loop
"""A closure that wraps the previous iteration's, in a loop whose number
of iterations is not known at compile time: no finite type holds it."""


def double(f):
    return lambda x: 2.0 * f(x)


def repeated(n):
    h = lambda x: x
    for i in range(n):
        h = double(h)
    return h(1.0)


def main():
    n = 0
    while n * n < 5:
        n += 1
    print(repeated(n))
