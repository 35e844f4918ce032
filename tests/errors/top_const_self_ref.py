# error: 10:11: cannot add tuple and int
"""A top-level constant that reads its own name reads its previous
value (no endless substitution); here a tuple, which cannot be added to
an int."""
N = (1, 2)
N = N + (3,)


def main():
    print(N + 1)
