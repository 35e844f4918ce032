# Slices of ranges are ranges, with CPython's start, stop and step.


def main():
    r = range(10)
    print(r[3:8:2], r[::-1], range(2, 20, 3)[1:-1], r[8:3:-2])
    print(r[8:3], range(0, 30, 5)[-2:], range(5)[10:], range(20, 0, -3)[1:4])
    s = r[3:8:2]
    print(len(s), s[0], s[-1], 7 in s, 8 in s, s == range(3, 9, 2))
    total = 0
    for i in range(100)[::-7]:
        total = total + i
    print(total)
