"""Augmented assignment rebinds a name."""


def main():
    x = 10
    x += 5
    print(x)
    x -= 3
    print(x)
    x *= 4
    print(x)
    x //= 5
    print(x)
    x %= 4
    print(x)
    x **= 3
    print(x)
    y = 1.0
    y /= 4.0
    y += 0.5
    y *= 3.0
    print(y)
    t = (1, 2)
    u = t + (3,)
    print(t, u)
    s = 0
    for i in range(5):
        s += i * i
    print(s)
