# error: 6:5: too many values to unpack (expected 2)
"""A loop over a list of 3-tuples that unpacks each into two names."""


def main():
    for a, b in [(1, 2, 3), (4, 5, 6)]:
        print(a, b)
