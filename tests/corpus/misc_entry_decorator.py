"""The @myia decorator marks entry points and changes nothing else."""

from myia import myia


@myia
def square(x):
    return x * x


def helper(x):
    return square(x) + 1


@myia
def main():
    print(square(3), square(1.5), helper(4))
    print(square(square(2)))
    f = square
    print(f(-5))
