"""A linear congruential generator and a Monte Carlo estimate with it."""

A = 1103515245
C = 12345
M = 2147483648


def next_state(s):
    return (A * s + C) % M


def uniform(s):
    return s / M


def main():
    s = 42
    for i in range(5):
        s = next_state(s)
        print(s)
    inside = 0
    n = 2000
    for i in range(n):
        s = next_state(s)
        x = uniform(s)
        s = next_state(s)
        y = uniform(s)
        if x * x + y * y <= 1.0:
            inside += 1
    print(inside, 4.0 * inside / n)
