# Recursive functions return tuples their callers read only in part. The
# optimizer drops the elements no caller reads (opt/narrow.go) but keeps
# those whose computation prints.


def noisy(x):
    print("noisy", x)
    return x * 2.0


def stats(xs, i):
    if i == len(xs):
        return (0.0, 0, -1e300)
    s, c, m = stats(xs, i + 1)
    return (s + xs[i], c + 1, max(m, xs[i]))


def walk(n):
    if n == 0:
        return (1.0, noisy(0.5))
    a, b = walk(n - 1)
    return (a * 1.5, b)


def pick(flag, x):
    f = (lambda y: (y, y * 2.0, y * 3.0)) if flag else (lambda y: (y + 1.0, y, -y))
    return f(x)[1]


def last(n, acc):
    if n == 0:
        return (acc, n, acc * 2.0)
    return last(n - 1, acc + n)


def main():
    xs = (3.0, 1.5, -2.0, 4.25)
    print(stats(xs, 0)[0])
    print(stats(xs, 0)[2])
    print(stats(xs, 0)[-2])
    print(walk(3)[0])
    print(pick(True, 2.0), pick(False, 2.0))
    print(last(10, 0.5)[2])
