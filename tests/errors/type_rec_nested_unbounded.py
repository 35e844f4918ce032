# error: 9:12: build returns a value whose type grows without bound
"""A recursion that nests tuples as deep as an argument that is not known
at compile time: no finite type holds its result."""


def build(n):
    if n == 0:
        return None
    return (n, build(n - 1))


def main():
    k = 1
    for i in range(3):
        k = k * 2 + i
    print(build(k))
