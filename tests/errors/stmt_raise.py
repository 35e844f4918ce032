# error: 7:9: raise
"""raise is outside the subset: use assert."""


def check(x):
    if x < 0:
        raise ValueError("negative")
    return x


def main():
    print(check(1))
