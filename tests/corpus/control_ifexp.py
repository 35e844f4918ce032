"""Conditional expressions."""


def myabs(x):
    return x if x >= 0 else -x


def clamp(x, lo, hi):
    return lo if x < lo else hi if x > hi else x


def main():
    print(myabs(-4), myabs(4), myabs(-2.5))
    print(clamp(5, 0, 10), clamp(-5, 0, 10), clamp(50, 0, 10))
    print(clamp(0.5, 0.0, 1.0), clamp(1.5, 0.0, 1.0))
    total = 0
    for i in range(10):
        total += i if i % 2 == 0 else -i
    print(total)
    flag = 3 > 2
    print(1 if flag else 2, (10 if not flag else 20) * 2)
