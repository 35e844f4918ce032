"""Building lists by concatenation in loops."""


def squares(n):
    xs = [0]
    for i in range(1, n):
        xs = xs + [i * i]
    return xs


def evens(xs):
    out = [-1]
    for x in xs:
        if x % 2 == 0:
            out = out + [x]
    return out


def main():
    s = squares(6)
    print(s, len(s))
    e = evens(s)
    print(e, len(e))
    fs = [1.0]
    for i in range(4):
        fs = fs + [fs[i] / 2.0]
    print(fs)
