# error: 7:12: negative
"""int ** int is an int in myia: a negative exponent is a run-time error
(CPython would return a float)."""


def power(b, e):
    return b ** e


def main():
    print(power(2, 3))
    print(power(2, -1))
