"""Code that never runs has no types (Bottom): after an assert that
fails wherever it runs, a loop over an element of an empty list, the
comparison of two such elements, a print of a call that never returns.
The native backends compile the functions around it, and the asserts
still run where they are reached."""


def first_pos(xs):
    for x in xs:
        if x > 0:
            return x
    assert False, "no positive element"


def largest(xs, flag):
    if flag:
        return max(xs)
    return -1


def mx(xs):
    best = xs[0]
    for x in xs:
        if x > best:
            best = x
    return best


def pick(xs, flag):
    if flag:
        return mx(xs)
    return 0


def show_max(xs, flag):
    if flag:
        print(mx(xs))
    return flag


def merge(a, b):
    out = []
    i = 0
    j = 0
    while i < len(a) and j < len(b):
        if a[i] <= b[j]:
            out = out + [a[i]]
            i += 1
        else:
            out = out + [b[j]]
            j += 1
    return out + a[i:] + b[j:]


def merge_sort(xs):
    if len(xs) <= 1:
        return xs
    mid = len(xs) // 2
    return merge(merge_sort(xs[:mid]), merge_sort(xs[mid:]))


def main():
    print(first_pos((-1, 2)), first_pos([-3, 5, 1]), first_pos((0.5,)))
    print(largest([], False), largest([3, 1], True))
    print(pick([], False), pick([2, 7, 1], True))
    print(merge_sort([5, 3, 9, 1, 1, 0]), merge_sort([]), merge_sort([2.5]))
    print(merge_sort([2.5, 1.0, 4.0, 3.5, -1.25, 0.0]))
    for k in range(3):
        print(show_max([], k > 5), show_max([k], k > 0))
