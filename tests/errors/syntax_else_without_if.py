# error: 7:5: invalid syntax
"""else without a matching if."""


def main():
    x = 1
    else:
        print(x)
