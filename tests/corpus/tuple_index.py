"""Tuple indexing, negative indexing, len and nesting."""


def main():
    t = (10, 20, 30, 40)
    print(t[0], t[3], t[-1], t[-4], len(t))
    mixed = (1, 2.5, True, (3, 4))
    print(mixed[1], mixed[2], mixed[3], mixed[3][1], mixed[-1][-2])
    print(len(mixed), len(mixed[3]), len(()))
    i = 2
    print(t[i], t[i - 1], t[-i])
    s = 0
    for k in range(len(t)):
        s += t[k] * (k + 1)
    print(s)
    grid = ((1, 2, 3), (4, 5, 6))
    print(grid[1][2], grid[-1][0], len(grid), len(grid[0]))
