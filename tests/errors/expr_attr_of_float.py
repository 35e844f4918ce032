# error: 6:12: 'float' object has no attribute 'ndim'
"""x.ndim of a float: only arrays have the attribute (np.ndim(x) is 0)."""


def rank(x):
    return x.ndim


def main():
    print(rank(1.5))
