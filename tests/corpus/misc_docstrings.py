"""Module docstring: docstrings are allowed in modules and functions."""


def documented(x):
    """Return x doubled.

    A longer description spanning
    several lines.
    """
    return 2 * x


def single():
    'A single-quoted docstring.'
    return 1


def main():
    """Entry point with a docstring."""
    print(documented(21), single())
    print(documented(0.5))
    print(documented(documented(1)))
