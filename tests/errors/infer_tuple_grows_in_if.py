# error: 16:5: 'ps' has different types where the branches meet: tuple[()] here, tuple[int] on another path
"""A tuple that grows under a condition known only at run time, in a
loop of known length: the loop is unrolled, and the conflict is
reported once, with the first iteration's types, not once per
iteration."""


def small(n):
    while n > 10:
        n = n - 10
    return n < 5


def main():
    ps = ()
    for n in range(30):
        if small(n):
            ps = ps + (n,)
    print(ps)
