# error: 8:26: cannot access free variable 'k'
"""A closure reads a name of its maker that is not bound."""


def make(n):
    for i in range(n):
        k = i
    return lambda a: a + k


def main():
    print(make(2)(1))
    print(make(0)(1))
