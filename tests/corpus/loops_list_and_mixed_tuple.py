"""One function looping over a list and over a tuple of an int and a
float: the float join applies to the tuple's specialisation only."""


def show(xs):
    for x in xs:
        print(x * 2)


def mx(xs):
    m = xs[0]
    for x in xs:
        if x > m:
            m = x
    return m


def reduce(f, t, init):
    acc = init
    for x in t:
        acc = f(acc, x)
    return acc


def main():
    show([7, 8, 9])
    show((1.5, 2.25))
    print(mx((1, 2.5)), mx([4]))
    print(sum((1, 2.5)), sum([4]))
    print(max((1, 2.5)), max([4]))
    print(reduce(lambda a, b: a + b, (1, 2.5), 0), reduce(lambda a, b: a * b, [2, 3], 1))
