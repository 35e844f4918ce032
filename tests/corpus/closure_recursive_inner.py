"""A nested function that calls itself and captures outer variables."""


def repeat_add(k, n):
    def go(i):
        if i == 0:
            return 0
        return k + go(i - 1)
    return go(n)


def power_sum(base, n):
    def term(i):
        return base ** i

    def loop(i, acc):
        if i > n:
            return acc
        return loop(i + 1, acc + term(i))

    return loop(0, 0)


def main():
    print(repeat_add(3, 4), repeat_add(7, 0))
    print(power_sum(2, 10), power_sum(3, 3))
    print(repeat_add(0.5, 3))
