"""Benchmark: a while loop of 10,000,000 iterations summing floats."""


def main():
    s = 0.0
    i = 0
    while i < 10000000:
        s += i * 0.5
        i += 1
    print(s)
