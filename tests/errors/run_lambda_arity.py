# error: 10:12: missing 1 required positional argument: 'y'
# stdout: before\n6\nbefore\n
"""A list of lambdas of different arities: the call fits the first, and
calling the second with it is Python's TypeError, at run time."""


def pick(i):
    fs = [lambda x: x + 1, lambda x, y: x * y]
    print("before")
    return fs[i](5)


def main():
    print(pick(0))
    print(pick(1))
