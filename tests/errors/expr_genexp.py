# error: 6:9: generator
"""Generator expressions are outside the subset."""


def main():
    g = (x * x for x in range(5))
    print(g)
