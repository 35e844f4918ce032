"""break and continue in while and for loops."""


def first_square_above(n):
    i = 0
    while True:
        i += 1
        if i * i > n:
            break
    return i


def sum_odd_skip(n, skip):
    s = 0
    for i in range(n):
        if i % 2 == 0:
            continue
        if i == skip:
            continue
        s += i
    return s


def until_negative(xs):
    s = 0.0
    for x in xs:
        if x < 0.0:
            break
        s += x
    return s


def main():
    print(first_square_above(10), first_square_above(99), first_square_above(0))
    print(sum_odd_skip(10, 5), sum_odd_skip(10, 100))
    print(until_negative((1.5, 2.5, -1.0, 4.0)), until_negative((0.5, 0.25)))
    n = 0
    i = 0
    while i < 20:
        i += 1
        if i % 3 == 0:
            continue
        if i > 14:
            break
        n += i
    print(n, i)
