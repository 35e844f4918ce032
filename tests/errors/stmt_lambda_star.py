# error: 6:20: *args
"""*args in a lambda is outside the subset too."""


def main():
    first = lambda *args: args[0]
    print(first(1, 2))
