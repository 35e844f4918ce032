# error: 7:11: the builtin repr() is not supported
"""repr() is not among the builtins of the subset (LANGUAGE.md)."""


def main():
    x = (1, 2.5)
    print(repr(x))
