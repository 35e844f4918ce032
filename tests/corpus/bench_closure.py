"""Benchmark: a loop calling a closure on every iteration."""


def make_scaler(k, m):
    def scaled(x):
        return (x % m) * k
    return scaled


def main():
    f = make_scaler(3, 7)
    total = 0
    for i in range(3000000):
        total += f(i)
    print(total)
