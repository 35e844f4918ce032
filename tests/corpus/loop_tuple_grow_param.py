"""A loop that grows a tuple, or a tuple slice, whose count or bounds are
parameters of the function: the calls pass constants, which the function
keeps."""


def powers(n):
    r = ()
    k = 1
    i = 0
    while i < n:
        r = r + (k,)
        k *= 2
        i += 1
    return r


def squares(n, start=0):
    r = ()
    for i in range(start, n):
        r = r + (i * i,)
    return r


def window(t, start=0, stop=None):
    if stop is None:
        return t[start:]
    return t[start:stop]


def tail_sum(t, k):
    s = 0
    for x in t[k:]:
        s += x
    return s


def main():
    print(powers(5), powers(0))
    total = 0
    for p in powers(8):
        total += p
    print(total)
    print(squares(4), squares(6, start=3))
    t = (1, 2.5, None, (3, 4))
    print(window(t), window(t, 1), window(t, 1, 3), window(t, stop=2))
    print(tail_sum((1, 2, 3, 4), 1), tail_sum((1, 2, 3, 4), 3))
