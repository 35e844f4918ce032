"""A for loop's target keeps its last value after the loop, as in Python."""


def last_index(n):
    for i in range(n):
        pass
    return i


def first_big(t, limit):
    x = 0
    for x in t:
        if x > limit:
            break
    return x


def count_down():
    k = 100
    for k in range(10, 0, -3):
        pass
    return k


def main():
    print(last_index(5), last_index(1))
    print(first_big((1, 5, 9, 12), 6), first_big((1, 2), 6))
    print(count_down())
    total = 0
    for j in range(4):
        total += j
    print(total, j)
