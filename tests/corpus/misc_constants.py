"""Top-level constants: numbers and tuples of constants."""

N = 10
EPS = 1e-08
SCALE = 2.5
WEIGHTS = (1, 2, 3, 4)
POINTS = ((0.0, 1.0), (2.0, 3.0))
FLAG = True
NEG = -7


def weighted_sum(xs):
    s = 0
    for w, x in zip(WEIGHTS, xs):
        s += w * x
    return s


def main():
    print(N, EPS, SCALE, WEIGHTS, POINTS, FLAG, NEG)
    print(N * SCALE, weighted_sum((1, 1, 1, 1)), weighted_sum((4, 3, 2, 1)))
    total = 0
    for i in range(N):
        total += i
    print(total, POINTS[1][0] + POINTS[0][1])
    print(EPS < 1e-07, NEG // 2, -NEG % 4 if FLAG else 0)
