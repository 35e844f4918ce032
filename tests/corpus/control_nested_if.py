"""Nested branches and early returns from them."""


def classify(a, b):
    if a > 0:
        if b > 0:
            return 1
        elif b < 0:
            return 4
        return 10
    else:
        if b > 0:
            if a == 0:
                return 20
            return 2
        return 3


def main():
    print(classify(1, 1), classify(1, -1), classify(1, 0))
    print(classify(-1, 1), classify(0, 1), classify(-1, -1))
    t = 0
    for a in range(-2, 3):
        for b in range(-2, 3):
            t += classify(a, b)
    print(t)
