# error: 14:11: skip parameter 'a' of g(), whose default is not a literal
"""A closure called with a keyword that skips a parameter whose default
is computed where the def stands: the call does not see that value."""


def make(s):
    def g(x, a=s * 2.0, y=0.0):
        return x + y + a

    return g


def main():
    print(make(2.0)(1.0, y=2.0))
