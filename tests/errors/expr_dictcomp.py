# error: 6:10: comprehension
"""Dict comprehensions are outside the subset."""


def main():
    sq = {x: x * x for x in range(5)}
    print(sq)
