import math


def find(grid, target):
    for i in range(len(grid)):
        for j in range(len(grid[i])):
            if grid[i][j] == target:
                return (i, j)
    return None


def first_neg_rows(grid):
    out = ()
    for row in grid:
        for x in row:
            if x < 0:
                out = out + (x,)
                break
        else_marker = 0
    return out


def evens(n):
    s = 0
    k = 0
    while True:
        k += 1
        if k > n:
            break
        if k % 2 == 1:
            continue
        s += k
    return s


def outer(n):
    def is_even(k):
        if k == 0:
            return True
        return is_odd(k - 1)

    def is_odd(k):
        if k == 0:
            return False
        return is_even(k - 1)

    return is_even(n), is_odd(n)


def make_ops(k):
    return (lambda x: x + k, lambda x: x * k, lambda x, p=2: x ** p)


def apply_all(fs, x):
    r = ()
    for f in fs:
        r = r + (f(x),)
    return r


def mapt(f, t):
    if len(t) == 0:
        return ()
    return (f(t[0]),) + mapt(f, t[1:])


def counter():
    def make(n):
        return lambda: n + 1
    c = make(0)
    d = make(c())
    return c(), d()


def fact(n):
    return 1 if n <= 1 else n * fact(n - 1)


def main():
    g = ((1, 2, 3), (4, 5, 6))
    print(find(g, 5), find(g, 9))
    print(first_neg_rows(((1, -2, -3), (4, 5), (-6,))))
    print(evens(10))
    print(outer(7), outer(10))
    print(apply_all(make_ops(3), 2))
    print(mapt(math.sqrt, (1.0, 4.0, 9.0)), mapt(abs, (-1, 2, -3)))
    print(counter())
    print(fact(20))
    x = 0
    while x < 100:
        x = x * 2 + 1
    print(x)
    i = 10
    total = 0.0
    while i:
        total += 1.0 / i
        i -= 1
    print(total)
