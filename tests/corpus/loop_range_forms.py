"""range with one, two and three arguments, negative steps and empty ranges."""


def total(a, b, s):
    t = 0
    for i in range(a, b, s):
        t += i
    return t


def main():
    for i in range(4):
        print("one", i)
    for i in range(2, 5):
        print("two", i)
    for i in range(10, 0, -3):
        print("three", i)
    print(total(0, 10, 2), total(10, 0, -2), total(-5, 5, 3))
    print(total(5, 5, 1), total(5, 0, 1), total(0, 5, -1))
    n = 0
    for i in range(0):
        n += 1
    for i in range(-3):
        n += 1
    print("empty", n)
    s = 0
    for i in range(-1, -10, -1):
        s += i
    print(s)
