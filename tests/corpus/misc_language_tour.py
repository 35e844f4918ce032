import math
from myia import myia

N = 5
PAIR = (1, 2.5)
NEG = -3


def tree_sum(t):
    if t is None:
        return 0
    left, value, right = t
    return tree_sum(left) + value + tree_sum(right)


def count(t):
    if len(t) == 0:
        return 0
    return 1 + count(t[1:])


@myia
def scale(a, b=2, c=3):
    return a * b + c


def main():
    t = ((None, 1, None), 2, ((None, 3, None), 4, None))
    print(tree_sum(t))
    print(count((1, 2, 3, 4)))
    print(scale(1), scale(1, c=10), scale(b=5, a=2))
    print(sum([1, 2, 3]), sum((0.5, 0.25)), max((3, 1, 2)), min(4, 2, 8))
    print(len(range(2, 20, 3)), 5 in range(10), range(10)[-1])
    r = range(N)
    s = 0
    for i in r:
        s += i
    print(s, PAIR, NEG, -N)
    for i, (a, b) in enumerate(zip((1, 2), (3.0, 4.0))):
        print(i, a, b)
    print(1 < 2 < 3 > 2, 1 < 2 > 3, not 1 == 2)
    print(7 // -2, -7 % 3, 2 ** 10, 2.0 ** -1, 7 / 2, -7 // 2.0)
    print((1, 2, 3)[::-1], (1, 2, 3, 4)[1:3], [1, 2] + [3])
    print(abs(-2.5), int(3.9), int(-3.9), float(2), bool(0), bool((1,)))
    print(math.pi, math.e, math.sqrt(16.0), math.log(math.e))
    x = 3
    x += 2
    x *= 2
    print(x, x if x > 5 else -x)
    f = lambda a, b=1: a + b
    print(f(1), f(1, 2))
    print()
    print("done", None, True)
    assert x == 10, "x should be 10"
    print(0.1 + 0.2, 1e16, 1e-7, 123456789.0 * 1000)
    print((1,), (), ((1, 2), [3]))
    print(max(2.5, 1.0), min(-1, -2), abs(-3))
    print(1 if 0 else 2, 0 or 5, 3 and 4)
