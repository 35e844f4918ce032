"""Index loops over homogeneous tuples and lists."""


def reverse_dot(xs, ys):
    n = len(xs)
    s = 0
    for i in range(n):
        s += xs[i] * ys[n - 1 - i]
    return s


def is_sorted(xs):
    for i in range(1, len(xs)):
        if xs[i - 1] > xs[i]:
            return False
    return True


def main():
    print(reverse_dot((1, 2, 3), (4, 5, 6)))
    print(reverse_dot([1, 0, 0, 0], [0, 0, 0, 9]))
    print(is_sorted((1, 2, 2, 5)), is_sorted((3, 1)), is_sorted([0.5]))
    t = (5, 4, 3, 2, 1)
    for i in range(len(t) - 1, -1, -2):
        print(i, t[i], t[-1 - i])
