"""Binary search over a sorted tuple, recursive and iterative."""

DATA = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47)


def bsearch(t, v, lo, hi):
    if lo > hi:
        return -1
    mid = (lo + hi) // 2
    if t[mid] == v:
        return mid
    if t[mid] < v:
        return bsearch(t, v, mid + 1, hi)
    return bsearch(t, v, lo, mid - 1)


def bsearch_loop(t, v):
    lo = 0
    hi = len(t) - 1
    while lo <= hi:
        mid = (lo + hi) // 2
        if t[mid] == v:
            return mid
        if t[mid] < v:
            lo = mid + 1
        else:
            hi = mid - 1
    return -1


def main():
    for v in (2, 13, 47, 1, 20, 48):
        print(v, bsearch(DATA, v, 0, len(DATA) - 1), bsearch_loop(DATA, v))
