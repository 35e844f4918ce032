"""Python semantics of // and % on negative integers."""


def show(a, b):
    print(a, b, a // b, a % b)


def check(a, b):
    return (a // b) * b + a % b == a


def main():
    show(7, 2)
    show(-7, 2)
    show(7, -2)
    show(-7, -2)
    show(0, 5)
    show(-1, 10)
    show(6, 3)
    show(-6, 3)
    ok = True
    for a in range(-9, 10):
        for b in (-4, -3, -1, 1, 2, 5):
            ok = ok and check(a, b)
    print("identity holds:", ok)
