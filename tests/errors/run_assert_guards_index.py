# error: 10:5: assertion failed: empty input
# stdout: 4\n
"""An assert that fails wherever it runs (len of an empty tuple) guards
an index past the tuple's end: the code after it never runs, and the
error is the assert's, at run time, after what came before, as in
CPython (not a type error of the index)."""


def head(xs):
    assert len(xs) > 0, "empty input"
    return xs[0]


def main():
    print(head((4, 5)))
    print(head(()))
