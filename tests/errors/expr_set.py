# error: 6:12: set
"""Set displays are outside the subset."""


def main():
    seen = {1, 2, 3}
    print(seen)
