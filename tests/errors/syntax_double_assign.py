# error: 6:9: invalid syntax
"""Two equals signs in a row."""


def main():
    x = = 1
    print(x)
