# error: 7:12: keyword arguments in a call of a function value need the functions it may be
"""Keyword arguments in a call of a function value that comes from where
the source does not say (an element of a parameter)."""


def run(fs):
    return fs[0](1.0, y=2.0)


def main():
    print(run((lambda x, y: x,)))
