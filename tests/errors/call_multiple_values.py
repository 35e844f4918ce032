# error: 10:11: multiple values for argument 'x'
"""A parameter given both positionally and by keyword."""


def scale(x, k=2):
    return x * k


def main():
    print(scale(3, x=4))
