# error: 6:11: undefined name 'sqaure'
"""A misspelt function name."""


def main():
    print(sqaure(3))


def square(x):
    return x * x
