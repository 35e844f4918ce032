# error: 6:5: assertion failed
"""A failing assert without a message."""


def check_sorted(a, b):
    assert a <= b
    return b - a


def main():
    print(check_sorted(1, 2))
    print(check_sorted(3, 2))
