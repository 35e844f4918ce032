# error: 6:11: invalid
"""A character that is not part of Python."""


def main():
    x = 3 $ 4
    print(x)
