"""Early returns inside loops and inside branches inside loops."""


def first_multiple(k, limit):
    for i in range(1, limit):
        if i % k == 0:
            return i
    return -1


def find_pair(target):
    for a in range(10):
        for b in range(10):
            if a * b == target:
                if a <= b:
                    return (a, b)
    return (-1, -1)


def descend(n):
    while True:
        if n < 10:
            return n
        n = n // 2


def search(xs, v):
    i = 0
    while i < len(xs):
        if xs[i] == v:
            return i
        i += 1
    return -1


def main():
    print(first_multiple(7, 100), first_multiple(7, 5))
    print(find_pair(12), find_pair(49), find_pair(97))
    print(descend(1000), descend(3))
    print(search((4, 8, 15, 16, 23, 42), 16), search((4, 8, 15), 5))
