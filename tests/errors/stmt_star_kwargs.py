# error: 5:15: **kwargs
"""**kwargs parameters are outside the subset."""


def config(a, **kwargs):
    return a


def main():
    print(config(1, b=2))
