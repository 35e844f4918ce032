# error: 9:11: scalar float
"""grad of a function whose output is an int, with respect to an int:
no gradient is ever read, but the output still must be a float (-O2
used to drop the check and print 0)."""
from myia import grad


def main():
    print(grad(lambda n: n * 2)(4))
