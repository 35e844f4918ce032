# error: 6:5: with
"""with is outside the subset."""


def main():
    with range(3) as r:
        print(1)
