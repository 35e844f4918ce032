"""Recursion over tuples with slicing; the length is known statically."""


def tmap(f, t):
    if len(t) == 0:
        return ()
    return (f(t[0]),) + tmap(f, t[1:])


def tsum(t):
    if len(t) == 0:
        return 0
    return t[0] + tsum(t[1:])


def treverse(t):
    if len(t) == 0:
        return ()
    return treverse(t[1:]) + (t[0],)


def double(x):
    return 2 * x


def main():
    t = (1, 2, 3, 4)
    print(tmap(double, t))
    print(tsum(t), tsum(tmap(double, t)))
    print(treverse(t), treverse((1.5, 2.5)))
    print(tmap(lambda x: x * 0.5, (1.0, 3.0)))
    print(tmap(double, ()))
