"""Lambdas passed to higher-order functions."""


def count_if(pred, xs):
    n = 0
    for x in xs:
        if pred(x):
            n += 1
    return n


def argbest(better, xs):
    best = 0
    for i in range(1, len(xs)):
        if better(xs[i], xs[best]):
            best = i
    return best


def main():
    xs = (5, -2, 9, 0, -7, 4)
    print(count_if(lambda x: x > 0, xs), count_if(lambda x: x % 2 == 0, xs))
    print(argbest(lambda a, b: a > b, xs), argbest(lambda a, b: a < b, xs))
    print(argbest(lambda a, b: a * a < b * b, xs))
    lim = 3
    print(count_if(lambda x: -lim <= x <= lim, xs))
