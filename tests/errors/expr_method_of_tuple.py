# error: 6:12: 'tuple' object has no attribute 'sum'
"""x.sum() of a tuple: only arrays have the method (np.sum(x) is fine)."""


def total(x):
    return x.sum()


def main():
    print(total((1.5, 2.5)))
