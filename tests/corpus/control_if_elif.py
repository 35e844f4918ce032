"""if / elif / else chains."""


def sign(x):
    if x > 0:
        return 1
    elif x < 0:
        return -1
    else:
        return 0


def grade(score):
    if score >= 90:
        print(score, "A")
    elif score >= 80:
        print(score, "B")
    elif score >= 70:
        print(score, "C")
    else:
        print(score, "F")


def main():
    print(sign(5), sign(-3), sign(0), sign(-0.5))
    grade(95)
    grade(85)
    grade(70)
    grade(12)
    n = 0
    for k in range(10):
        if k % 3 == 0:
            n += 100
        elif k % 3 == 1:
            n += 10
        else:
            n += 1
    print(n)
