"""Counting subsets recursively."""


def power_set_size(n):
    if n == 0:
        return 1
    return 2 * power_set_size(n - 1)


def count_sums(xs, i, target):
    """Number of subsets of xs[i:] summing to target."""
    if i == len(xs):
        return 1 if target == 0 else 0
    return count_sums(xs, i + 1, target) + count_sums(xs, i + 1, target - xs[i])


def binomial(n, k):
    if k == 0 or k == n:
        return 1
    return binomial(n - 1, k - 1) + binomial(n - 1, k)


def main():
    print(power_set_size(0), power_set_size(5), power_set_size(20))
    xs = (1, 2, 3, 4, 5, 6)
    print(count_sums(xs, 0, 0), count_sums(xs, 0, 7), count_sums(xs, 0, 21))
    print(count_sums(xs, 0, 100))
    row = 0
    for k in range(7):
        row += binomial(6, k)
    print(binomial(10, 3), row)
