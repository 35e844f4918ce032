# error: 6:10: comprehension
"""List comprehensions are outside the subset."""


def main():
    sq = [x * x for x in range(5)]
    print(sq)
