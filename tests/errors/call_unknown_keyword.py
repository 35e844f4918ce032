# error: 10:11: unexpected keyword argument 'z'
"""A call with a keyword that names no parameter."""


def scale(x, k=2):
    return x * k


def main():
    print(scale(3, z=4))
