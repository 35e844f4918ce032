"""The `in` operator on tuples and lists."""

PICKS = (1, 5, 9, 15, 21)


def count_in(xs, ys):
    n = 0
    for x in xs:
        if x in ys:
            n += 1
    return n


def main():
    print(3 in (1, 2, 3), 4 in (1, 2, 3), 2.5 in (1.0, 2.5))
    print(5 in PICKS, 6 in PICKS, 7 in [7, 8], 9 in [7, 8])
    print(count_in((1, 2, 3, 4, 5, 6), PICKS), count_in([9, 15, 16], [15, 16, 17]))
    print(not (0 in PICKS), 1 in () or True)
    print(2 in (1.0, 2.0), 3.0 in (1, 2, 3))
