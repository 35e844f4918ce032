"""List literals, indexing, len, concatenation, iteration and `in`."""


def main():
    xs = [3, 1, 4, 1, 5]
    print(xs, len(xs), xs[0], xs[-1], xs[2])
    ys = xs + [9, 2, 6]
    print(ys, len(ys))
    print(xs + xs)
    s = 0
    for x in ys:
        s += x
    print(s)
    print(4 in xs, 7 in xs)
    fs = [0.5, 0.25]
    print(fs + [0.125], fs[1] * 4.0)
    bs = [True, False]
    print(bs, bs[0] and bs[1])
