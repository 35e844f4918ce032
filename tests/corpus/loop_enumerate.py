"""enumerate over tuples and lists, with and without start."""


def weighted(xs):
    s = 0
    for i, x in enumerate(xs):
        s += i * x
    return s


def main():
    for i, x in enumerate((10, 20, 30)):
        print(i, x)
    for i, x in enumerate([1.5, 2.5], 1):
        print(i, x)
    for i, x in enumerate((7, 8), start=5):
        print(i, x)
    print(weighted((1, 2, 3, 4)), weighted([5, 5, 5]))
    last = -1
    for i, x in enumerate((3, 1, 4, 1, 5)):
        if x == 1:
            last = i
    print(last)
