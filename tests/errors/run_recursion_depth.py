# error: 8:16: recursion too deep
"""Non-tail recursion a million calls deep exhausts the stack."""


def depth(n):
    if n == 0:
        return 0
    return 1 + depth(n - 1)


def main():
    print(depth(10))
    print(depth(1000000))
