# error: 10:9: cannot add tuple and float
"""An expression statement whose value is dropped, in a loop of a
function, is still type-checked: CPython evaluates it and raises."""


def f(t, x):
    s = x
    for i in range(2):
        s = s + x
        t + s
    return s


def main():
    print(f((1.0, 2.0), 3.0))
