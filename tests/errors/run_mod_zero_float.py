# error: 6:12: by zero
"""Float modulo by zero."""


def wrap(x, period):
    return x % period


def main():
    print(wrap(7.5, 2.0))
    print(wrap(7.5, 0.0))
