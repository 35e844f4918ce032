"""break and continue only leave the innermost loop."""


def pythagorean(limit):
    count = 0
    for a in range(1, limit):
        for b in range(a, limit):
            if a * a + b * b > limit * limit:
                break
            for c in range(b, limit):
                if c * c > a * a + b * b:
                    break
                if c * c == a * a + b * b:
                    print(a, b, c)
                    count += 1
    return count


def main():
    print(pythagorean(20))
    s = 0
    for i in range(5):
        for j in range(5):
            if j > i:
                break
            if j == 1:
                continue
            s += 10 * i + j
    print(s)
