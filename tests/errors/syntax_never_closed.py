# error: 6:9: '(' was never closed
"""An opening parenthesis that is never closed."""


def main():
    x = (1 + 2
    print(x)


def other():
    return 1
