"""Prints happen in program order, arguments left to right."""


def noisy(tag, v):
    print("eval", tag)
    return v


def add(a, b):
    return a + b


def main():
    print(add(noisy(1, 1), noisy(2, 2)))
    x = noisy(3, 10) * noisy(4, 3)
    print(x)
    for i in range(2):
        noisy(5, i)
    print(noisy(6, 5) if noisy(7, True) else noisy(8, 6))
