# error: 8:9: cannot add tuple and int
"""A statement whose value is never used is still type-checked: CPython
evaluates it and raises."""


def main():
    t = (1, 2)
    y = t + 1
    print(len(t))
