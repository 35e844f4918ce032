# error: 7:13: expected ':'
"""An if without its colon."""


def main():
    x = 3
    if x > 0
        print(x)
