# error: 6:12: division by zero
"""Float floor division by zero."""


def steps(length, h):
    return length // h


def main():
    print(steps(1.0, 0.25))
    print(steps(1.0, 0.0))
