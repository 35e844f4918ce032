"""Tuple slicing with positive and negative bounds and steps."""


def main():
    t = (0, 1, 2, 3, 4, 5)
    print(t[1:], t[:2], t[2:4], t[:])
    print(t[-2:], t[:-1], t[-4:-1], t[1:-1])
    print(t[::2], t[1::2], t[::-1], t[4:1:-1])
    print(t[10:], t[3:2], t[-100:2])
    u = (1.5, (2, 3), True)
    print(u[1:], u[:1])
    print(len(t[2:]), t[2:][0])
