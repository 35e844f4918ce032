# error: 7:9: not supported
"""Assignment expressions are outside the subset."""


def main():
    x = 3
    if (y := x * 2) > 5:
        print(y)
