"""A binary tree with None for missing children: (left, value, right)."""


def total(t):
    if t is None:
        return 0
    return total(t[0]) + t[1] + total(t[2])


def height(t):
    if t is None:
        return 0
    return 1 + max(height(t[0]), height(t[2]))


def contains(t, v):
    if t is None:
        return False
    if v == t[1]:
        return True
    if v < t[1]:
        return contains(t[0], v)
    return contains(t[2], v)


def main():
    t = ((None, 1, None), 3, ((None, 4, None), 6, None))
    print(total(t), height(t))
    print(contains(t, 4), contains(t, 5), contains(t, 1), contains(t, 7))
    print(total(None), height((None, 9, None)))
